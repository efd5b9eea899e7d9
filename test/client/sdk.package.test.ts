import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';
import { type InstalledProject, installProject, packedClient } from './packed.js';

/**
 * The package as `npm pack` makes it: ESM, CommonJS and types and nothing else, no dependency,
 * nothing of Node.js or undici (fetch only). Fresh ES module and CommonJS projects install the
 * tarball offline and run a script with plain Node.js that takes its key and address from
 * VAT_SERVICE_API_KEY and VAT_SERVICE_BASE_URL; the TypeScript compiler checks a file of typed
 * calls in both.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The script both projects run: one validation, a page walk, a refusal, as JSON. */
const SCRIPT = (load: string) => `${load}
(async () => {
  const vat = new VatClient();
  const result = await vat.validations.validate({ vat_number: 'DE123456704', reference: 'script' });
  await vat.validations.validate({ vat_number: 'DE123456704', reference: 'script' });
  const walked = [];
  for await (const record of vat.validations.list({ reference: 'script', limit: 1 })) walked.push(record.id);
  const refusal = await vat.validations.validate('XX1').catch((error) => error);
  console.log(JSON.stringify({
    valid: result.data.valid,
    requestId: result.response.requestId === result.meta.request_id,
    burstLimit: result.rateLimit.burstLimit,
    walked: walked.length,
    refusal: [refusal.name, refusal instanceof ValidationError, refusal.code, refusal.param, refusal.status],
  }));
})();
`;

/** Typed calls: the compiler must accept them, and refuse the ones marked. */
const TYPED = (load: string) => `${load}

const vat = new VatClient({ apiKey: 'svc_test_x', baseUrl: 'http://localhost:3000', timeoutMs: 10_000, maxRetries: 2 });

export async function typed(): Promise<number> {
  const result = await vat.validations.validate({ vat_number: 'DE123456704', reference: 'order-7' });
  const valid: boolean = result.data.valid;
  const remaining: number | undefined = result.rateLimit.remaining;
  const requestId: string | undefined = result.response.requestId;
  const page = await vat.validations.list({ limit: 50, country_code: 'DE' });
  const more: boolean = page.meta.has_more;
  // @ts-expect-error limit is an integer, not a string
  vat.validations.list({ limit: '50' });
  let ids = 0;
  for await (const record of vat.validations.list()) ids += record.id.length;
  const proof = await vat.validations.proof('val_1');
  const hash: string = proof.data.record_hash;
  const pdf = await vat.validations.proof('val_1', { format: 'pdf' });
  const bytes: Blob = pdf.data;
  const usage = await vat.usage.get();
  const limit: number = usage.data.limit;
  const rates = await vat.rates.get('RO');
  const categoryIds: string[] = rates.data.other_rates.flatMap((rate) => rate.categories.map((c) => c.id));
  const food = await vat.rates.categories.get('RO', 'foodstuffs', { date: '2026-01-01' });
  const foodRate: number = food.data[0].rate;
  const endpoint = await vat.webhooks.endpoints.create({ url: 'https://example.com/hook', events: ['test'] });
  const secret: string | undefined = (await vat.webhooks.endpoints.rotateSecret(endpoint.data.id)).data.signing_secret;
  const sample = await vat.webhooks.trigger('bulk.completed');
  const sampleId: string = sample.data.event_id;
  // @ts-expect-error not an event kind
  vat.webhooks.trigger('validation.done');
  const event: WebhookEvent = await vat.webhooks.verify('{}', { 'webhook-id': 'x' }, 'whsec_x');
  let total = 0;
  switch (event.type) {
    case 'batch.completed':
      total = event.data.summary.total;
      break;
    case 'monitor.changed':
      total = event.data.changes.length;
      break;
    case 'test':
      break;
  }
  // @ts-expect-error not an event kind
  if (event.type === 'validation.done') total++;
  try {
    await vat.monitors.create({ vat_number: 'DE123456704', interval: 'weekly' });
  } catch (error) {
    if (error instanceof ValidationError) total += error.param?.length ?? 0;
    if (error instanceof RateLimitError) total += (error.retryAfter ?? 0) + (error.limits.remaining ?? 0);
    if (error instanceof VatServiceError) total += error.status ?? 0;
  }
  return [valid, remaining, requestId, more, hash, bytes, limit, ids, categoryIds, foodRate, secret, sampleId].length + total;
}
`;

describe('the packed SDK', () => {
  let app: TestApp;
  let tarball: string;
  let esm: InstalledProject;
  let cjs: InstalledProject;
  beforeAll(async () => {
    tarball = await packedClient();
    [esm, cjs] = await Promise.all([installProject(tarball, 'module'), installProject(tarball, 'commonjs')]);
    app = await startTestApp({ name: 'sqlite' }, { env: OFFLINE_REGISTRIES });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    esm?.remove();
    cjs?.remove();
  });

  it('holds ESM, CommonJS and types, and no dependency', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n');
    expect(files.filter((file) => !/^package\/dist\/(esm|cjs)\/.+\.(js|d\.ts)$/.test(file)).sort()).toEqual([
      'package/README.md',
      'package/dist/cjs/package.json',
      'package/package.json',
    ]);
    for (const entry of ['index.js', 'index.d.ts', 'schema.d.ts', 'errors.js'])
      for (const format of ['esm', 'cjs']) expect(files).toContain(`package/dist/${format}/${entry}`);
    const manifest = JSON.parse(
      readFileSync(join(esm.dir, 'node_modules/@vat-service/client/package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.exports['.'].require.default).toBe('./dist/cjs/index.js');
  });

  it('uses fetch alone: no Node.js module, no undici', () => {
    const dist = join(esm.dir, 'node_modules/@vat-service/client/dist');
    const sources = walk(dist).filter((file) => file.endsWith('.js'));
    expect(sources.length).toBeGreaterThan(20);
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(
        /require\("(node:|undici|http|https|crypto)|from '(node:|undici)|import\("node:/,
      );
    }
  });

  it('runs with plain Node.js from an ES module and a CommonJS project, the key from the environment', async () => {
    const env = async () => ({
      VAT_SERVICE_API_KEY: (await app.account('pro')).test,
      VAT_SERVICE_BASE_URL: app.url,
    });
    writeFileSync(
      join(esm.dir, 'index.mjs'),
      SCRIPT("import { VatClient, ValidationError } from '@vat-service/client';"),
    );
    writeFileSync(
      join(cjs.dir, 'index.cjs'),
      SCRIPT("const { VatClient, ValidationError } = require('@vat-service/client');"),
    );
    const outputs = await Promise.all([
      esm.node('index.mjs', await env()),
      cjs.node('index.cjs', await env()),
    ]);
    for (const output of outputs) {
      expect(JSON.parse(output)).toEqual({
        valid: true,
        requestId: true,
        burstLimit: 60,
        walked: 2,
        refusal: ['ValidationError', true, 'invalid_vat_format', 'vat_number', 422],
      });
    }
  });

  it('is typed for TypeScript in both kinds of project, and so are the examples of its README', {
    timeout: 120_000,
  }, async () => {
    const load =
      "import { RateLimitError, ValidationError, VatClient, VatServiceError, type WebhookEvent } from '@vat-service/client';";
    writeFileSync(join(esm.dir, 'typed.mts'), TYPED(load));
    writeFileSync(join(cjs.dir, 'typed.cts'), TYPED(load));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const options = [
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--lib',
      'es2022,dom',
    ];
    const check = (project: InstalledProject, files: string[]) =>
      run(process.execPath, [tsc, ...options, ...files], {
        cwd: project.dir,
        timeout: 110_000,
      }).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
    const examples = readmeExamples().map((example, i) => {
      writeFileSync(join(esm.dir, `readme-${i}.mts`), example);
      return `readme-${i}.mts`;
    });
    expect(await Promise.all([check(esm, ['typed.mts', ...examples]), check(cjs, ['typed.cts'])])).toEqual([
      '',
      '',
    ]);
  });
});

/**
 * The TypeScript examples of client/README.md, each a module of its own, with the names they
 * take from around them declared.
 */
function readmeExamples(): string[] {
  const readme = readFileSync(join(ROOT, 'client/README.md'), 'utf8');
  const around = [
    "declare const vat: import('@vat-service/client').VatClient;",
    'declare const process: { env: Record<string, string | undefined> };',
    'declare function writeFile(path: string, data: Uint8Array): Promise<void>;',
    'declare const input: string, reference: string, invoiceId: string, vat_numbers: string[];',
    'declare function showFieldError(param: string | undefined, message: string): void;',
    'declare function retryLater(seconds: number | undefined): void;',
    'declare function markChecked(requestId: string, valid: boolean): void;',
  ];
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => {
    const declared = code.includes('const vat = ') ? around.slice(1) : around;
    return `${declared.join('\n')}\n${code}\nexport {};\n`;
  });
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
