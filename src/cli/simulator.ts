import { type Command, UsageError } from './command.js';
import { untilStopped } from './lifecycle.js';

/** `simulator`: the registry simulator, for development and the bench (no service configuration). */

export function portOf(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port must be 0-65535; got '${value}'`);
  return port;
}

export const simulator: Command = {
  path: ['simulator'],
  synopsis: '[--port N] [--host H]',
  summary: 'run the registry simulator (VIES, HMRC, UID, Brønnøysund, ABN Lookup, TEDB)',
  details: ['Prints the environment lines that point the service at it. Runs until SIGTERM or Ctrl-C.'],
  options: {
    port: { type: 'string', value: 'N', description: 'port, 0-65535 (default 4010; 0 picks a free one)' },
    host: { type: 'string', value: 'H', description: 'address to listen on (default 127.0.0.1)' },
  },
  json: 'print { url, env } once it listens',
  examples: ['vat-service simulator --port 4010'],
  async run({ option, io, json }) {
    const port = portOf(option('port'), 4010);
    const { startSimulator } = await import('../../simulator/server.js');
    const sim = await startSimulator({ port, host: option('host') ?? '127.0.0.1' });
    const env = sim.env();
    if (json) io.out(JSON.stringify({ url: sim.baseUrl, env }));
    else {
      io.out(`Registry simulator on ${sim.baseUrl} (VIES, HMRC, UID, Brønnøysund, ABN Lookup, TEDB).`);
      io.out('Point the service at it with:');
      for (const [name, value] of Object.entries(env)) io.out(`${name}=${value}`);
      io.out(
        `Control API: ${sim.baseUrl}/_sim/stats, PUT /_sim/registries/{id} {"mode":"down"}, POST /_sim/reset`,
      );
      io.out(
        `TEDB: POST ${sim.baseUrl}/_sim/tedb/changes {"memberState":"DE","situationOn":"2027-01-01","standard":21} announces a change`,
      );
    }
    await untilStopped(io, () => sim.close());
    return 0;
  },
};
