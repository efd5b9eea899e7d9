import type { FastifyReply } from 'fastify';
import { type ApiError, ERROR_CATALOGUE, type ErrorCode } from '../errors.js';

/** The `{ error, meta }` body for a code (spec 2.1); every error carries `docs_url` (decisions section 8). */
export function errorBody(docsBase: string, requestId: string, code: ErrorCode, message?: string) {
  return {
    error: {
      code,
      message: message ?? ERROR_CATALOGUE[code].message,
      docs_url: `${docsBase}/errors/${code}`,
    },
    meta: { request_id: requestId },
  };
}

/** Sends an ApiError in the envelope, with its headers and the request id. */
export function sendApiError(reply: FastifyReply, docsBase: string, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  reply.header('x-request-id', reply.request.id);
  return reply.code(error.status).send(errorBody(docsBase, reply.request.id, error.code, error.message));
}
