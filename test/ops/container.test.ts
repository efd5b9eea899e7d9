import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// `yaml` comes with @fastify/swagger (which writes the YAML form of the OpenAPI document).
import { parse as parseYaml } from 'yaml';
import { startSimulator } from '../../simulator/server.js';
import { runCli } from '../../src/cli.js';
import { loadConfig, SETTINGS } from '../../src/config.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/dialects.js';
import { PROJECT_ROOT } from '../helpers/processes.js';

/**
 * The Dockerfile and compose.yaml, read as files (no Docker daemon here): the image starts with no
 * configuration on a data directory its user can write, it runs the Node.js the suite is tested on,
 * every compose service has a health check, and each API's PUBLIC_URL is where it is published.
 */

const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');

interface Instruction {
  /** Upper-cased: FROM, RUN, ENV, USER, VOLUME, … */
  keyword: string;
  args: string;
}

/**
 * The Dockerfile's instructions in order: continuation lines (ending in `\`) joined, comment and
 * blank lines dropped. Enough for this file's own instructions; not a general Dockerfile parser
 * (no heredocs, no escape directive).
 */
function dockerInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** `ENV A=1 B="two words"`: the key=value form, the only one this Dockerfile uses. */
function envPairs(args: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const match of args.matchAll(/(\w+)=("([^"]*)"|\S*)/g)) pairs[match[1]] = match[3] ?? match[2];
  return pairs;
}

/** The instructions of the last stage: what the published image is made of. */
function finalStage(instructions: Instruction[]): Instruction[] {
  const from = instructions.map((i) => i.keyword).lastIndexOf('FROM');
  return instructions.slice(from);
}

describe('Dockerfile', () => {
  const instructions = dockerInstructions(read('Dockerfile'));
  const stage = finalStage(instructions);
  const env = Object.assign({}, ...stage.filter((i) => i.keyword === 'ENV').map((i) => envPairs(i.args)));
  const user = stage.findLast((i) => i.keyword === 'USER')?.args;
  const databaseUrl: string = env.DATABASE_URL ?? '';
  const dataDir = posix.dirname(databaseUrl.replace(/^sqlite:/, ''));

  it('runs as an unprivileged user, with DATABASE_URL on a SQLite file under an absolute data directory', () => {
    expect(user).toMatch(/^[a-z][\w-]*$/);
    expect(user).not.toBe('root');
    expect(databaseUrl).toMatch(/^sqlite:\/.+\.sqlite$/);
    expect(dataDir).not.toBe('/');
  });

  it('creates the data directory owned by that user, before declaring it a volume', () => {
    const runs = stage.map((i, index) => ({ ...i, index })).filter((i) => i.keyword === 'RUN');
    const creates = runs.find((i) => new RegExp(`mkdir -p ${dataDir}(\\s|$)`).test(i.args));
    expect(creates, `a RUN with mkdir -p ${dataDir}`).toBeDefined();
    expect(creates!.args).toMatch(new RegExp(`chown (-R )?${user}(:${user})? ${dataDir}(\\s|$)`));
    const volume = stage.findIndex((i) => i.keyword === 'VOLUME' && i.args.split(/\s+/).includes(dataDir));
    expect(volume, `VOLUME ${dataDir}`).toBeGreaterThan(creates!.index);
    // The chown needs root: it must run before USER takes effect.
    expect(stage.findIndex((i) => i.keyword === 'USER')).toBeGreaterThan(creates!.index);
  });

  it('builds and runs on the Node.js 24 that package.json pins, with no compiler installed', () => {
    const pinned = JSON.parse(read('package.json')).devDependencies.node as string;
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    const arg = instructions.find((i) => i.keyword === 'ARG' && i.args.startsWith('NODE_VERSION='));
    expect(arg?.args).toBe(`NODE_VERSION=${pinned}`);
    const froms = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args);
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim(\s|$)/);
    expect(instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args)).not.toContainEqual(
      expect.stringMatching(/\b(g\+\+|make|python3)\b/),
    );
  });
});

interface ComposeService {
  profiles?: string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, unknown>;
}

/** The settings that say where a registry is, with their defaults: the official addresses. */
const REGISTRY_URLS = Object.entries(SETTINGS)
  .filter(
    ([name]) => /^[A-Z]+_URL$/.test(name) && !['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL'].includes(name),
  )
  .map(([name, setting]) => [name, (setting as { default?: string }).default] as const);

/**
 * compose.yaml's environment of a service as the container sees it: the file's `${NAME:-}`
 * interpolations with nothing set (what `docker compose` does when neither the environment nor a
 * .env file has them).
 */
function containerEnv(service: ComposeService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1'),
    ]),
  );
}

describe('compose.yaml', () => {
  // `merge`: the file shares settings through YAML merge keys (`<<: *service`).
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = Object.entries(compose.services);
  const inProfile = (profile: string) =>
    services.filter(([, service]) => service.profiles?.includes(profile));
  const apis = (profile: string) => inProfile(profile).filter(([, service]) => service.environment?.VIES_URL);

  it('gives every service a health check', () => {
    expect(services.length).toBeGreaterThanOrEqual(7);
    for (const [name, service] of services) {
      const test = service.healthcheck?.test;
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(Array.isArray(test), `${name}: healthcheck.test, as a list`).toBe(true);
      expect(test![0], name).toMatch(/^CMD(-SHELL)?$/);
      expect(test!.length, name).toBeGreaterThan(1);
    }
  });

  it('puts every service in the production or the demo profile, and depends only on its own profile', () => {
    for (const [name, service] of services) {
      expect(service.profiles?.length, name).toBeGreaterThan(0);
      for (const profile of service.profiles!) expect(['production', 'demo'], name).toContain(profile);
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        for (const profile of service.profiles!) {
          expect(compose.services[dependency]?.profiles, `${name} → ${dependency}`).toContain(profile);
        }
      }
    }
    expect(
      apis('production')
        .map(([name]) => name)
        .sort(),
    ).toEqual(['api-1', 'api-2', 'worker']);
    expect(apis('demo').map(([name]) => name)).toEqual(['demo']);
  });

  it("points production at every registry's official address, with a start-up the settings accept", () => {
    expect(apis('production')).toHaveLength(3);
    for (const [name, service] of apis('production')) {
      const env = containerEnv(service);
      for (const [setting, official] of REGISTRY_URLS) {
        expect(official, setting).toMatch(/^https:\/\//);
        expect(env[setting], `${name} ${setting}`).toBe(official);
      }
      expect(JSON.stringify(env), name).not.toContain('simulator');
      expect(env.NODE_ENV, name).toBe('production');
      expect(() => loadConfig(env), name).not.toThrow();
    }
  });

  it('points the demo at the simulator of its own profile for every registry', async () => {
    const sim = await startSimulator();
    try {
      // What the simulator serves each registry under, at the demo's address for it.
      const base = new URL(sim.env().VIES_URL).origin;
      const served = Object.fromEntries(
        Object.entries(sim.env()).map(([name, value]) => [
          name,
          value.replace(base, 'http://simulator:4010'),
        ]),
      );
      const [[, demo]] = apis('demo');
      const env = containerEnv(demo);
      for (const [setting] of REGISTRY_URLS) expect(env[setting], setting).toBe(served[setting]);
      for (const [name, value] of Object.entries(served)) expect(env[name], name).toBe(value);
      expect(compose.services.simulator.profiles).toEqual(['demo']);
      expect(compose.services.simulator.healthcheck?.test).toContain(
        "fetch('http://127.0.0.1:4010/_sim/stats').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))",
      );
      expect(() => loadConfig(env)).not.toThrow();
    } finally {
      await sim.close();
    }
  });

  it("sets each published API's PUBLIC_URL to the address it is published on", () => {
    const published = services.filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name).sort()).toEqual(['api-1', 'api-2', 'demo']);
    for (const [name, service] of published) {
      const [hostPort, containerPort] = service.ports![0].split(':');
      expect(containerPort, name).toBe('3000');
      expect(service.environment?.PUBLIC_URL, name).toBe(`http://localhost:${hostPort}`);
    }
  });

  it("runs the worker's health check as the CLI's `check` command", () => {
    expect(compose.services.worker.healthcheck?.test).toEqual(['CMD', 'node', 'dist/src/cli.js', 'check']);
  });
});

/** `vat-service check`, in process, with the --json output it prints. */
async function check(databaseUrl: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    ['check', '--json'],
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out, err };
}

describeEachDialect('vat-service check (the worker container health check)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('exits 0 when the database answers', async () => {
    expect(await check(database.url)).toEqual({
      code: 0,
      out: [JSON.stringify({ ok: true, dialect: dialect.name })],
      err: [],
    });
  });
});

describe('vat-service check', () => {
  it('exits 1 when the database does not answer (nothing listens on port 1)', async () => {
    const result = await check('postgres://nobody@127.0.0.1:1/none');
    expect(result.code).toBe(1);
    expect(result.out).toEqual([JSON.stringify({ ok: false, dialect: 'postgres' })]);
  });

  it('exits 1 for a SQLite file that does not exist, and does not create it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vat-check-'));
    try {
      const file = join(dir, 'missing', 'vat.sqlite');
      const result = await check(`sqlite:${file}`);
      expect(result.code).toBe(1);
      expect(result.out).toEqual([JSON.stringify({ ok: false, dialect: 'sqlite' })]);
      expect(existsSync(join(dir, 'missing'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
