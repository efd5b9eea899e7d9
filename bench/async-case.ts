import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authed, type BenchCase, type CaseContext, send } from './measure.js';
import { generatedNumbers } from './numbers.js';
import type { Row } from './report.js';
import type { RunningService } from './service.js';

/**
 * The async case: a 1000-item POST /v1/validate/async/batch of distinct uncached numbers. Figures:
 * the acceptance time (target under 150 ms: items, quota and 1000 jobs in one transaction) and the
 * time until its signed batch.completed arrives at a local HTTPS receiver, with the service's own
 * in-process worker and the simulator answering without added latency.
 */

const ITEMS = 1000;
const ACCEPT_TARGET_MS = 150;
const WARMUP_ITEMS = 100;

/** A throw-away CA and a `localhost` certificate, made with the openssl CLI. */
function makeCertificates(dir: string): { caPath: string; key: string; cert: string } {
  const openssl = (args: string) => execFileSync('openssl', args.split(' '), { cwd: dir, stdio: 'ignore' });
  openssl(
    'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca.key -out ca.pem -days 1 -subj /CN=bench-ca',
  );
  openssl(
    'req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout leaf.key -out leaf.csr -subj /CN=localhost',
  );
  execFileSync('sh', ['-c', 'printf "subjectAltName=DNS:localhost,IP:127.0.0.1\\n" > leaf.ext'], {
    cwd: dir,
  });
  openssl(
    'x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 1 -extfile leaf.ext -out leaf.pem',
  );
  return {
    caPath: join(dir, 'ca.pem'),
    key: readFileSync(join(dir, 'leaf.key'), 'utf8'),
    cert: readFileSync(join(dir, 'leaf.pem'), 'utf8'),
  };
}

async function runAsyncBatch(ctx: CaseContext): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vat-bench-async-'));
  const tls = makeCertificates(dir);
  const completed = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200).end();
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          type: string;
          data: { batch_id?: string };
        };
        if (event.type === 'batch.completed' && event.data.batch_id) {
          completed.set(event.data.batch_id, performance.now());
          waiters.get(event.data.batch_id)?.();
        }
      } catch {
        // not an event of ours
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const acceptAndComplete = async (service: RunningService, numbers: readonly string[]) => {
    const started = performance.now();
    const answer = await send(
      authed(service, '/v1/validate/async/batch', { method: 'POST', body: { vat_numbers: numbers } }),
    );
    const acceptedMs = performance.now() - started;
    if (answer.status !== 202)
      throw new Error(`async batch: HTTP ${answer.status} ${answer.bytes.toString('utf8').slice(0, 300)}`);
    const batchId = (answer.json() as { data: { batch_id: string } }).data.batch_id;
    await new Promise<void>((resolve, reject) => {
      if (completed.has(batchId)) return resolve();
      const timer = setTimeout(
        () => reject(new Error('batch.completed did not arrive within 120 s')),
        120_000,
      );
      waiters.set(batchId, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return { batchId, acceptedMs };
  };
  const port = (receiver.address() as AddressInfo).port;
  try {
    const service = await ctx.service({
      accessLog: false,
      fresh: true,
      env: {
        WORKER: 'true',
        WORKER_CONCURRENCY: '100',
        WORKER_POLL_MS: '50',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: tls.caPath,
      },
    });
    const put = await fetch(`${service.url}/v1/webhooks/config`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://localhost:${port}/hook` }),
    });
    if (put.status !== 200) throw new Error(`webhook config: HTTP ${put.status} ${await put.text()}`);

    const pool = generatedNumbers(ITEMS + WARMUP_ITEMS, ['vies', 'hmrc', 'brreg', 'abr'], 40_000).filter(
      (n) => !ctx.cached.has(n),
    );
    // A first, smaller batch warms the code paths (JIT, prepared statements) and runs to completion,
    // so the measured batch shows steady-state acceptance, not the process's first request.
    await acceptAndComplete(service, pool.slice(0, WARMUP_ITEMS));
    const numbers = pool.slice(WARMUP_ITEMS);
    const started = performance.now();
    const { batchId, acceptedMs } = await acceptAndComplete(service, numbers);
    const completedMs = completed.get(batchId)! - started;
    for (const number of numbers) ctx.cached.add(number);
    return [
      {
        kind: 'figure',
        name: `async batch of ${numbers.length}: acceptance (202)`,
        dialect: ctx.dialect,
        tool: 'fetch',
        figure: `${acceptedMs.toFixed(0)} ms`,
        checks: [
          {
            label: 'acceptance',
            target: `< ${ACCEPT_TARGET_MS} ms`,
            met: acceptedMs < ACCEPT_TARGET_MS,
            gate: 'absolute',
          },
        ],
      },
      {
        kind: 'figure',
        name: `async batch of ${numbers.length}: until batch.completed arrives`,
        dialect: ctx.dialect,
        tool: 'HTTPS receiver',
        figure: `${(completedMs / 1000).toFixed(2)} s`,
        checks: [],
        note: 'in-process worker, 100 jobs at once, registries answering at once',
      },
    ];
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    receiver.closeAllConnections();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const asyncBatch: BenchCase = {
  id: 'asyncBatch',
  title: `async batch of ${ITEMS}: acceptance time and time to batch.completed`,
  quick: false,
  run: runAsyncBatch,
};
