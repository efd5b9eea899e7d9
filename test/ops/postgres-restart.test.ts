import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createAccount, createKey } from '../../src/accounts/keys.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { accountsOf } from '../helpers/accounts.js';
import { send } from '../helpers/harness.js';
import { germanNumbers } from '../helpers/numbers.js';
import {
  freePort,
  type ServiceChild,
  startService,
  stopAllChildren,
  tail,
  until,
} from '../helpers/processes.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';

/**
 * PostgreSQL restarted under load. The service runs on a PostgreSQL cluster of
 * this test's own (initdb into a temp dir, a free port, trust auth), never the shared server on
 * 5432 that other test files use at the same time. A `serve` process with its worker takes a
 * steady load of validations and async acceptances while the cluster is stopped for 2 s and
 * started again. It must report not ready during the outage, answer every request promptly in the
 * envelope, recover without a restart, and lose none of the work it accepted.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => ['initdb', 'pg_ctl'].every((tool) => existsSync(join(root, version, 'bin', tool))))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : undefined;
}

function run(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
}

/** uid and gid of the `postgres` OS user (the cluster must not be owned by root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  try {
    const passwd = readFileSync('/etc/passwd', 'utf8');
    const line = passwd.split('\n').find((entry) => entry.startsWith('postgres:'));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((path) => existsSync(path));
const BIN = findPostgresBin();
const isRoot = process.getuid?.() === 0;
const skipReason = !BIN
  ? 'no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl)'
  : isRoot && !RUNUSER
    ? 'running as root without runuser to start PostgreSQL as the postgres user'
    : isRoot && !postgresUser()
      ? 'running as root and there is no postgres OS user'
      : undefined;

/** A throw-away cluster: initdb, start, stop, start, destroy. */
class PrivateCluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'vat-pg-restart-'));
  readonly data = join(this.dir, 'data');
  readonly log = join(this.dir, 'server.log');
  port = 0;

  constructor(private readonly bin: string) {
    const user = postgresUser();
    if (isRoot && user) chownSync(this.dir, user.uid, user.gid);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private tool(name: string, args: string[]): Promise<string> {
    const path = join(this.bin, name);
    return isRoot ? run(RUNUSER!, ['-u', 'postgres', '--', path, ...args]) : run(path, args);
  }

  async init(): Promise<void> {
    await this.tool('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    this.port = await freePort();
  }

  start(): Promise<string> {
    const options = [
      '-c listen_addresses=127.0.0.1',
      `-p ${this.port}`,
      `-k ${this.dir}`,
      '-c fsync=off',
      '-c max_connections=40',
    ].join(' ');
    return this.tool('pg_ctl', ['-D', this.data, '-l', this.log, '-o', options, '-w', '-t', '30', 'start']);
  }

  stop(mode: 'fast' | 'immediate' = 'fast'): Promise<string> {
    return this.tool('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  async destroy(): Promise<void> {
    if (existsSync(join(this.data, 'postmaster.pid'))) await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

type Phase = 'before' | 'outage' | 'recovering' | 'after';

interface Outcome {
  kind: 'sync' | 'async';
  id: string;
  phase: Phase;
  startedAt: number;
  ms: number;
  status: number | 'no answer';
  code?: string;
  /** The answer is a well-formed success or error envelope. */
  envelope: boolean;
  asyncRequestId?: string;
  error?: string;
}

const suite = skipReason ? describe.skip : describe;
const title = skipReason
  ? `PostgreSQL restarted under load (SKIPPED: ${skipReason})`
  : 'PostgreSQL restarted under load (a private cluster)';

suite(title, () => {
  let cluster: PrivateCluster;
  let sim: RegistrySimulator;
  let receiver: Receiver;
  let api: ServiceChild;
  let database: Database;
  let key: string;
  const outcomes: Outcome[] = [];
  const readiness: Array<{ phase: Phase; status: number | string; at: number }> = [];

  beforeAll(async () => {
    cluster = new PrivateCluster(BIN!);
    await cluster.init();
    await cluster.start();
    sim = await startSimulator();
    receiver = await startReceiver();
    api = await startService('api', 'serve', {
      ...sim.env(),
      DATABASE_URL: cluster.url,
      DATABASE_POOL_SIZE: '10',
      WORKER: 'true',
      WORKER_POLL_MS: '50',
      // A job whose worker lost the database mid-way is claimed again soon.
      JOB_LEASE_MS: '2000',
      ASYNC_RETRY_DELAYS_MS: '200,400,800,1600,3200',
      WEBHOOK_RETRY_DELAYS_MS: '200,400,800,1600,3200,6400',
      WEBHOOK_ALLOWED_HOSTS: 'localhost',
      CIRCUIT_FAILURE_THRESHOLD: '100000',
      REGISTRY_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'info',
      ACCESS_LOG: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      TIER_LIMITS: JSON.stringify({ business: { burst_per_minute: 1_000_000 } }),
    });
    database = openDatabase(cluster.url, { poolSize: 2 });
    const now = Date.now();
    const account = await createAccount(accountsOf(database), 'Restart', 'business', now);
    key = (await createKey(accountsOf(database), account.id, 'live', now)).key;
    const hook = await send(api.url, 'PUT', '/v1/webhooks/config', { key, body: { url: receiver.url } });
    expect(hook.status, hook.text).toBe(200);
  }, 120_000);

  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    console.error(`--- api output ---\n${tail(api?.output ?? '', 60)}`);
  });

  afterAll(async () => {
    await stopAllChildren();
    await database?.close().catch(() => undefined);
    await receiver?.close();
    await sim?.close();
    await cluster?.destroy();
  });

  it('reports not ready while PostgreSQL is down, answers promptly in the envelope, recovers by itself', async () => {
    let phase: Phase = 'before';
    let stopped = false;
    /** Fails at once, with the reason, when the service process died (it must survive the restart). */
    const alive = () => {
      if (api.exit) {
        stopped = true;
        throw new Error(
          `the serve process died during the PostgreSQL restart (exit ${JSON.stringify(api.exit)}):\n${tail(api.stderr, 25)}`,
        );
      }
      return true;
    };

    async function one(kind: 'sync' | 'async', lane: number, round: number): Promise<void> {
      const id = randomUUID();
      const startedAt = Date.now();
      const at = phase;
      const outcome: Outcome = {
        kind,
        id,
        phase: at,
        startedAt,
        ms: 0,
        status: 'no answer',
        envelope: false,
      };
      try {
        // Fresh numbers reach the registry and write the cache; a seeded one is served from it.
        const number =
          kind === 'async' || (lane + round) % 3 !== 0 ? germanNumbers(1, 'valid')[0] : 'ATU12345675';
        const response = await fetch(
          kind === 'sync' ? `${api.url}/v1/validate?vat_number=${number}` : `${api.url}/v1/validate/async`,
          {
            method: kind === 'sync' ? 'GET' : 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              'x-request-id': id,
              ...(kind === 'async' ? { 'content-type': 'application/json' } : {}),
            },
            body: kind === 'async' ? JSON.stringify({ vat_number: number }) : undefined,
            signal: AbortSignal.timeout(15_000),
          },
        );
        const text = await response.text();
        outcome.status = response.status;
        const body = JSON.parse(text);
        outcome.code = body?.error?.code;
        outcome.envelope =
          body?.meta?.request_id === id &&
          (response.status < 400
            ? typeof body.data === 'object'
            : typeof body.error?.code === 'string' &&
              typeof body.error.message === 'string' &&
              body.error.docs_url === `http://localhost:3000/docs/errors/${body.error.code}`);
        if (kind === 'async' && response.status === 202) outcome.asyncRequestId = body.data.request_id;
      } catch (error) {
        outcome.error = String((error as Error & { cause?: unknown }).cause ?? error);
      }
      outcome.ms = Date.now() - startedAt;
      outcomes.push(outcome);
    }

    const lanes = [0, 1, 2].map(async (lane) => {
      for (let round = 0; !stopped; round++) {
        await one(round % 3 === 2 ? 'async' : 'sync', lane, round);
        await sleep(40);
      }
    });
    const watchReady = (async () => {
      while (!stopped) {
        const at = phase;
        const status = await send(api.url, 'GET', '/ready').then(
          (response) => response.status,
          (error: Error) => error.message,
        );
        readiness.push({ phase: at, status, at: Date.now() });
        await sleep(100);
      }
    })();

    await sleep(2_000);
    phase = 'outage';
    const outageStarted = Date.now();
    await cluster.stop('fast');
    await until(
      () => alive() && readiness.some((r) => r.at > outageStarted && r.status === 503),
      30_000,
      '/ready says 503',
    );
    await sleep(2_000);
    await cluster.start();
    phase = 'recovering';
    const restartedAt = Date.now();
    await until(
      () => alive() && readiness.some((r) => r.at > restartedAt && r.status === 200),
      30_000,
      '/ready says 200 again',
    );
    const readyAgainMs = readiness.find((r) => r.at > restartedAt && r.status === 200)!.at - restartedAt;
    phase = 'after';
    const afterStarted = Date.now();
    await sleep(2_500);
    stopped = true;
    await Promise.all([...lanes, watchReady]);
    alive();

    // What the service answered, phase by phase.
    const summary: Record<string, Record<string, number>> = {};
    for (const outcome of outcomes) {
      const label = `${outcome.kind} ${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
      summary[outcome.phase] ??= {};
      summary[outcome.phase][label] = (summary[outcome.phase][label] ?? 0) + 1;
    }
    const slowest = Math.max(...outcomes.map((outcome) => outcome.ms));
    const readySummary: Record<string, Record<string, number>> = {};
    for (const r of readiness) {
      readySummary[r.phase] ??= {};
      readySummary[r.phase][String(r.status)] = (readySummary[r.phase][String(r.status)] ?? 0) + 1;
    }
    console.info(
      `PostgreSQL restart: answers by phase ${JSON.stringify(summary)}; /ready by phase ${JSON.stringify(
        readySummary,
      )}; slowest answer ${slowest} ms; ready again ${readyAgainMs} ms after PostgreSQL started`,
    );

    // Every request got an answer, in the envelope, within a few seconds; nothing but 200/202 and
    // clean errors: the database away is 503 service_unavailable, never a 500.
    expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
    expect(outcomes.filter((outcome) => !outcome.envelope)).toEqual([]);
    expect(slowest).toBeLessThan(6_000);
    for (const outcome of outcomes) {
      if (outcome.status === 200 || outcome.status === 202) continue;
      // Only requests still running when PostgreSQL began to stop may fail.
      expect(
        outcome.startedAt + outcome.ms,
        `${outcome.status} ${outcome.code} before the outage`,
      ).toBeGreaterThanOrEqual(outageStarted);
      expect(['503 service_unavailable', '503 upstream_unavailable']).toContain(
        `${outcome.status} ${outcome.code}`,
      );
    }
    expect(outcomes.filter((outcome) => outcome.phase === 'outage').length).toBeGreaterThan(0);
    // Not ready while down, ready after, and the process never restarted.
    const down = readiness.filter((r) => r.at > outageStarted + 1_000 && r.at < restartedAt - 200);
    expect(down.length).toBeGreaterThan(0);
    expect(new Set(down.map((r) => r.status))).toEqual(new Set([503]));
    // A probe sent just before the stop may be answered after it (`at` is when the answer came).
    expect(
      readiness.filter((r) => r.phase === 'before' && r.at < outageStarted).every((r) => r.status === 200),
    ).toBe(true);
    expect(readiness.filter((r) => r.phase === 'after').every((r) => r.status === 200)).toBe(true);
    // Recovered: everything started a moment after /ready turned 200 succeeded.
    const settled = outcomes.filter((outcome) => outcome.startedAt > afterStarted + 500);
    expect(settled.length).toBeGreaterThan(5);
    expect(settled.filter((outcome) => outcome.status !== 200 && outcome.status !== 202)).toEqual([]);
    expect(api.exit).toBeUndefined();
    expect(api.logLines().filter((line) => line.msg === 'listening')).toHaveLength(1);
  });

  it('loses no accepted work: every 202 gets its webhook event, every 200 is recorded', async () => {
    expect(api.exit, `the serve process died: ${tail(api.stderr, 25)}`).toBeUndefined();
    const accepted = outcomes.filter((outcome) => outcome.asyncRequestId);
    const answered = outcomes.filter((outcome) => outcome.kind === 'sync' && outcome.status === 200);
    expect(accepted.length).toBeGreaterThan(5);
    expect(answered.length).toBeGreaterThan(10);

    const eventsFor = () => {
      const byRequest = new Map<string, Array<{ type: string; webhookId: string }>>();
      for (const request of receiver.requests) {
        try {
          const event = JSON.parse(request.body);
          const list = byRequest.get(event.data?.request_id) ?? [];
          list.push({ type: event.type, webhookId: String(request.headers['webhook-id']) });
          byRequest.set(event.data?.request_id, list);
        } catch {
          // not an event
        }
      }
      return byRequest;
    };
    await until(
      () => accepted.every((outcome) => eventsFor().has(outcome.asyncRequestId!)),
      30_000,
      'a webhook event for every accepted async request',
    );
    const events = eventsFor();
    const types: Record<string, number> = {};
    let duplicates = 0;
    for (const outcome of accepted) {
      const list = events.get(outcome.asyncRequestId!)!;
      // At least once; a repeat is the same event (same webhook-id), never a second result.
      expect(new Set(list.map((event) => event.webhookId)).size).toBe(1);
      duplicates += list.length - 1;
      types[list[0].type] = (types[list[0].type] ?? 0) + 1;
    }
    console.info(
      `PostgreSQL restart: ${accepted.length} async accepted → events ${JSON.stringify(types)}, ${duplicates} repeated deliveries; ${answered.length} sync answers`,
    );
    expect(Object.keys(types)).toEqual(['validation.completed']);

    const recorded = await database.db
      .selectFrom('validations')
      .select(['request_id', 'channel'])
      .where(
        'request_id',
        'in',
        answered.map((outcome) => outcome.id),
      )
      .execute();
    const recordedIds = new Set(recorded.map((row) => row.request_id));
    expect(
      answered.filter((outcome) => !recordedIds.has(outcome.id)).map((outcome) => outcome.phase),
    ).toEqual([]);
    // The async results are recorded as well, once each.
    const asyncRows = await database.db
      .selectFrom('validations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel', '=', 'async')
      .executeTakeFirstOrThrow();
    expect(Number(asyncRows.n)).toBe(accepted.length);
    // Nothing left behind in the queue.
    await until(
      async () => {
        const row = await database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', 'not like', 'recurring:%')
          .executeTakeFirstOrThrow();
        return Number(row.n) === 0;
      },
      30_000,
      'job table empty',
    );
    // And it still shuts down cleanly.
    expect(await api.stop('SIGTERM', 10_000)).toEqual({ code: 0, signal: null });
  });
});
