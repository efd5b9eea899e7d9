import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { EXAMPLE_REQUEST_ID } from '../schemas/examples.js';

/** No key: an empty security requirement, so the document shows these as public. */
const PUBLIC: Array<Record<string, string[]>> = [];

const Health = Type.Object(
  {
    data: Type.Object({ status: Type.Literal('ok') }),
    meta: Type.Object({ request_id: Type.String() }),
  },
  {
    description: 'The process answers',
    'x-examples': {
      ok: { summary: 'Alive', value: { data: { status: 'ok' }, meta: { request_id: EXAMPLE_REQUEST_ID } } },
    },
  },
);

const Ready = Type.Object({
  data: Type.Object({ ready: Type.Boolean(), checks: Type.Object({ database: Type.Boolean() }) }),
  meta: Type.Object({ request_id: Type.String() }),
});
const readyAnswer = (ready: boolean) => ({
  data: { ready, checks: { database: ready } },
  meta: { request_id: EXAMPLE_REQUEST_ID },
});

/** GET /health (liveness: the process answers) and GET /ready (the database answers); no key needed. */
export function healthRoutes(app: FastifyInstance, ping: () => Promise<boolean>): void {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'health',
        tags: ['operations'],
        summary: 'Liveness',
        description:
          'Answers 200 while the process runs, whatever the database does: a liveness probe. No key, no burst limit, not counted.',
        security: PUBLIC,
        response: { 200: Health },
      },
    },
    async (request) => ({ data: { status: 'ok' as const }, meta: { request_id: request.id } }),
  );

  app.get(
    '/ready',
    {
      schema: {
        operationId: 'ready',
        tags: ['operations'],
        summary: 'Readiness: 200 when the database answers, 503 otherwise',
        description:
          'Asks the database for an answer: 200 when it comes, 503 when it does not, so a load balancer stops sending traffic to an instance that cannot serve it. No key, no burst limit, not counted.',
        security: PUBLIC,
        response: {
          200: Type.Object(Ready.properties, {
            description: 'Ready to serve',
            'x-examples': { ready: { summary: 'Ready', value: readyAnswer(true) } },
          }),
          503: Type.Object(Ready.properties, {
            description: 'The database does not answer',
            'x-examples': { not_ready: { summary: 'Database away', value: readyAnswer(false) } },
          }),
        },
      },
    },
    async (request, reply) => {
      const database = await ping();
      reply.code(database ? 200 : 503);
      return { data: { ready: database, checks: { database } }, meta: { request_id: request.id } };
    },
  );
}
