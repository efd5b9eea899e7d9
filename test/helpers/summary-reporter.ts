import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with the one line CI reads: `N passed, N failed, N skipped`. Above it, one line per
 * failure with its file and name and the first line of its error, so the end of a long log says
 * what failed.
 *
 * A file that fails before its tests run (an import that throws, a `beforeAll` that fails) counts
 * as one failure, and its error is printed in full: vitest reports its tests as skipped, and a
 * run that only skipped them must not read as a pass.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    const setupErrors: string[] = [];
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      const setupFailures = [
        ...module.errors().map((error) => ({ where: module.relativeModuleId, error })),
        ...[...module.children.allSuites()].flatMap((suite) =>
          suite.errors().map((error) => ({ where: `${module.relativeModuleId} > ${suite.fullName}`, error })),
        ),
      ];
      for (const { where, error } of setupFailures) {
        failures.push(`${where} (before its tests ran): ${firstLine(error)}`);
        setupErrors.push(`--- ${where}\n${fullText(error)}\n`);
      }
      let failedTests = 0;
      for (const test of tests) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failedTests += 1;
          failures.push(`${module.relativeModuleId} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped += 1;
      }
      if (module.state() === 'failed' && setupFailures.length === 0 && failedTests === 0) {
        failures.push(`${module.relativeModuleId}: failed without a failed test or a recorded error`);
      }
    }
    for (const error of unhandledErrors) failures.push(`unhandled: ${firstLine(error)}`);
    const details =
      setupErrors.length > 0 ? `\nFiles that failed before their tests ran:\n${setupErrors.join('')}` : '';
    const lines = failures.map((failure) => `FAILED ${failure}\n`).join('');
    process.stdout.write(
      `${details}\n${lines}${passed} passed, ${failures.length} failed, ${skipped} skipped\n`,
    );
  }
}

function firstLine(error: unknown): string {
  return message(error).split('\n', 1)[0]?.slice(0, 200) ?? '';
}

function message(error: unknown): string {
  return error instanceof Object && 'message' in error ? String(error.message) : String(error);
}

/** The error's message and stack, as vitest serialised them, without the test runner's own frames. */
function fullText(error: unknown): string {
  const stack = error instanceof Object && 'stack' in error ? String(error.stack) : '';
  const text = stack.includes(message(error)) ? stack : `${message(error)}\n${stack}`.trim();
  return text
    .split('\n')
    .filter((line) => !/^\s+at .*node_modules/.test(line))
    .join('\n');
}
