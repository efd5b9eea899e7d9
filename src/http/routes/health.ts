import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

/** GET /health (liveness: the process answers) and GET /ready (the database answers); no key needed. */
export function healthRoutes(app: FastifyInstance, ping: () => Promise<boolean>): void {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'health',
        tags: ['operations'],
        summary: 'Liveness',
        response: {
          200: Type.Object({
            data: Type.Object({ status: Type.Literal('ok') }),
            meta: Type.Object({ request_id: Type.String() }),
          }),
        },
      },
    },
    async (request) => ({ data: { status: 'ok' as const }, meta: { request_id: request.id } }),
  );

  const Ready = Type.Object({
    data: Type.Object({ ready: Type.Boolean(), checks: Type.Object({ database: Type.Boolean() }) }),
    meta: Type.Object({ request_id: Type.String() }),
  });
  app.get(
    '/ready',
    {
      schema: {
        operationId: 'ready',
        tags: ['operations'],
        summary: 'Readiness: 200 when the database answers, 503 otherwise',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (request, reply) => {
      const database = await ping();
      reply.code(database ? 200 : 503);
      return { data: { ready: database, checks: { database } }, meta: { request_id: request.id } };
    },
  );
}
