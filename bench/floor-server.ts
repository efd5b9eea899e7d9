import { hash } from 'node:crypto';
import Fastify from 'fastify';

/**
 * The floor: the smallest Fastify application that does what every authenticated GET of the
 * service must do at the least, "a SHA-256 key lookup and an in-memory
 * counter". One route, one onRequest hook (Bearer key → SHA-256 → Map → per-account counter), no
 * logger, the body given as bytes (BASELINE_BODY_B64, the service's GET /v1/rates/DE answer). Measured
 * beside the bare node:http baseline, it shows what the framework and those two steps cost on this
 * machine, so the gap between it and the service is what the service's own features cost.
 */
const body = Buffer.from(process.env.BASELINE_BODY_B64 ?? '', 'base64');
const key = process.env.FLOOR_KEY ?? '';
if (body.length === 0 || key === '') {
  process.stderr.write('BASELINE_BODY_B64 and FLOOR_KEY are required\n');
  process.exit(2);
}
const accounts = new Map([[hash('sha256', key, 'hex'), 'acc_floor']]);
const counts = new Map<string, number>();

const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
app.addHook('onRequest', (request, reply, done) => {
  const header = request.headers.authorization ?? '';
  const account = accounts.get(hash('sha256', header.slice(7), 'hex'));
  if (account === undefined) {
    reply.code(401).send({ error: 'unauthorized' });
    return;
  }
  counts.set(account, (counts.get(account) ?? 0) + 1);
  done();
});
app.get('/v1/rates/:country_code', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});

app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' }).then((address) => {
  process.stdout.write(`${JSON.stringify({ url: address })}\n`);
});

const stop = () => {
  app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
