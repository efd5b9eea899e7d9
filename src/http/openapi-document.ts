import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { createBurstLimiter, openConfiguredDatabase } from '../main.js';
import { createRegistryGateway } from '../registries/index.js';
import { createServices } from '../services.js';
import { buildApp } from './app.js';

/**
 * The service's OpenAPI document, without starting anything: the app is built as `serve` builds
 * it, over an in-memory SQLite database, and never listens. CI lints it; the typed client in
 * client/ is generated from it.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', WORKER: 'false' });
  const logger = createLogger(config.logLevel);
  const database = openConfiguredDatabase(config);
  const gateway = createRegistryGateway(config, systemClock);
  const services = createServices({ config, database, clock: systemClock, gateway, logger });
  const burst = createBurstLimiter(services.redis, systemClock);
  const fastify = await buildApp({
    config,
    database,
    clock: systemClock,
    burst,
    gateway,
    services,
    logger,
  });
  try {
    await fastify.ready();
    return fastify.swagger() as unknown as Record<string, unknown>;
  } finally {
    await fastify.close();
    await services.close();
    await gateway.close();
    await burst.close();
    await database.close();
  }
}
