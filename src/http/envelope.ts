import type { FastifyReply } from 'fastify';
import { type ApiError, ERROR_CATALOGUE, type ErrorCode } from '../domain/errors.js';

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

export function sendApiError(reply: FastifyReply, docsBase: string, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.status).send(errorBody(docsBase, reply.request.id, error.code, error.message));
}

/** A failed item inside a batch result or batch event (spec 2.4, decisions section 8). */
export function failureItem(docsBase: string, input: string, error: ApiError) {
  return {
    error: {
      code: error.code,
      message: error.message,
      docs_url: `${docsBase}/errors/${error.code}`,
      vat_number: input,
    },
    meta: { vat_number: input },
  };
}
