// Writes the service's OpenAPI document to the file named by the first argument, without starting
// anything: the app is built as `serve` builds it (src/main.ts), over an in-memory SQLite database,
// and never listens. Runs from the build (dist/), so `npm run build` first.
//   node .ci/openapi-document.mjs /tmp/openapi.json
import { writeFileSync } from 'node:fs';
import { systemClock } from '../dist/src/clock.js';
import { loadConfig } from '../dist/src/config.js';
import { buildApp } from '../dist/src/http/app.js';
import { createLogger } from '../dist/src/logger.js';
import { createBurstLimiter, openConfiguredDatabase } from '../dist/src/main.js';
import { RatesTable } from '../dist/src/rates/rates-table.js';
import { createRegistryGateway } from '../dist/src/registries/index.js';
import { createServices } from '../dist/src/services.js';

const target = process.argv[2];
if (!target) {
  console.error('usage: node .ci/openapi-document.mjs <file>');
  process.exit(2);
}

const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', WORKER: 'false' });
const clock = systemClock;
const logger = createLogger(config.logLevel);
const database = openConfiguredDatabase(config);
const gateway = createRegistryGateway(config, clock);
const services = createServices({ config, database, clock, gateway, logger });
const burst = createBurstLimiter(config, clock, logger);
const fastify = await buildApp({
  config,
  database,
  clock,
  burst,
  gateway,
  services,
  rates: RatesTable.load(),
  logger,
});
await fastify.ready();
writeFileSync(target, `${JSON.stringify(fastify.swagger(), null, 2)}\n`);
await fastify.close();
await services.close();
await gateway.close();
await burst.close();
await database.close();
