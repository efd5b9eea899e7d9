import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './processes.js';

/**
 * The summary line CI reads, from a real vitest run over files of our own, with the suite's pool
 * (forks, modules shared between files): a file that throws at import, one whose module cannot be
 * found, one whose `beforeAll` throws and one whose describe block's `beforeAll` throws each count
 * as failed, and their errors are printed in full above the line, beside a test that failed and
 * one that passed.
 */

const FILES: Record<string, string> = {
  'import-throws.test.ts': `import { it } from 'vitest';
throw new Error('thrown at import');
it('is never collected', () => undefined);
`,
  'missing-module.test.ts': `import { it } from 'vitest';
import { nothing } from './no-such-module.js';
it('is never collected', () => nothing);
`,
  'file-before-all.test.ts': `import { beforeAll, it } from 'vitest';
beforeAll(() => {
  throw new Error('thrown in the file beforeAll');
});
it('first, skipped', () => undefined);
it('second, skipped', () => undefined);
`,
  'block-before-all.test.ts': `import { beforeAll, describe, expect, it } from 'vitest';
describe('a block', () => {
  beforeAll(async () => {
    throw new Error('thrown in the block beforeAll');
  });
  it('in the block, skipped', () => undefined);
});
it('outside the block, passes', () => expect(1).toBe(1));
`,
  'plain.test.ts': `import { expect, it } from 'vitest';
it('passes', () => expect(2).toBe(2));
it('fails', () => expect(2, 'the failing test').toBe(3));
`,
};

describe('the summary reporter', () => {
  let dir: string;
  let run: { code: number; stdout: string };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vat-summary-reporter-'));
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
    const reporter = join(PROJECT_ROOT, 'test', 'helpers', 'summary-reporter.ts');
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      `export default { test: { include: ['*.test.ts'], pool: 'forks', isolate: false, maxWorkers: 2, reporters: [${JSON.stringify(reporter)}] } };\n`,
    );
    run = await promisify(execFile)(
      process.execPath,
      [join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run'],
      { cwd: dir, timeout: 120_000, env: { ...process.env, NO_COLOR: '1', CI: '1' } },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
    );
  }, 150_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('counts each file that failed before its tests ran as failed, and vitest exits 1', () => {
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 5 failed, 3 skipped');
    expect(run.code, run.stdout).toBe(1);
  });

  it('names each failure above the line, with its file and the first line of its error', () => {
    const failed = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('FAILED '))
      .sort();
    expect(failed).toEqual([
      'FAILED block-before-all.test.ts > a block (before its tests ran): thrown in the block beforeAll',
      'FAILED file-before-all.test.ts (before its tests ran): thrown in the file beforeAll',
      'FAILED import-throws.test.ts (before its tests ran): thrown at import',
      expect.stringMatching(
        /^FAILED missing-module\.test\.ts \(before its tests ran\): .*no-such-module\.js/,
      ),
      expect.stringMatching(/^FAILED plain\.test\.ts > fails: the failing test: expected 2 to be 3/),
    ]);
  });

  it('prints the full error of each file that failed before its tests ran, with where it was thrown', () => {
    const details = run.stdout.slice(run.stdout.indexOf('Files that failed before their tests ran:'));
    expect(details).not.toBe('');
    for (const [file, message, line] of [
      ['import-throws.test.ts', 'Error: thrown at import', 2],
      ['file-before-all.test.ts', 'Error: thrown in the file beforeAll', 3],
      ['block-before-all.test.ts > a block', 'Error: thrown in the block beforeAll', 4],
      ['missing-module.test.ts', 'no-such-module.js', 2],
    ] as const) {
      const section = details.slice(details.indexOf(`--- ${file}\n`));
      expect(section, file).toContain(message);
      const where = file.split(' ')[0];
      expect(section.split('\n--- ')[0], file).toContain(`${where}:${line}:`);
    }
    // A test that failed is a failure of its own, not a file that failed before its tests ran.
    expect(details).not.toContain('--- plain.test.ts');
  });
});
