import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with the one line CI reads: `N passed, N failed, N skipped`. Above it, one line per
 * failure with its file and name and the first line of its error, so the end of a long log says
 * what failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) {
        failures.push(`${module.relativeModuleId}: ${firstLine(module.errors()[0])}`);
      }
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failures.push(`${module.relativeModuleId} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped += 1;
      }
    }
    for (const error of unhandledErrors) failures.push(`unhandled: ${firstLine(error)}`);
    const lines = failures.map((failure) => `FAILED ${failure}\n`).join('');
    process.stdout.write(`\n${lines}${passed} passed, ${failures.length} failed, ${skipped} skipped\n`);
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Object && 'message' in error ? String(error.message) : String(error);
  return message.split('\n', 1)[0]?.slice(0, 200) ?? '';
}
