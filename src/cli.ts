#!/usr/bin/env node
import { runCli } from './cli/run.js';

/**
 * The `vat-service` executable (package.json `bin`: dist/src/cli.js, also what the start command
 * and the Dockerfile run). The commands live in src/cli/, one module per command group; tests
 * import runCli from here and run commands in process.
 */

export type { Io } from './cli/run.js';
export { runCli };

const isEntry =
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').slice(-3).join('/'));
if (isEntry || process.argv[1]?.endsWith('vat-service')) {
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // No .env file: the environment alone configures the service.
  }
  runCli(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then((code) => {
    process.exitCode = code;
  });
}
