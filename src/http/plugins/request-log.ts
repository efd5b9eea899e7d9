import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { HttpMetrics } from './metrics.js';

/**
 * What every request leaves behind, through Fastify's log controller (its hook for per-request
 * logging, called for every request it builds, 404s and requests refused before routing
 * included): the X-Request-Id header on the answer, and once the answer is sent its metrics and,
 * with ACCESS_LOG, one log line. Never headers or bodies: they hold API keys and webhook secrets.
 * Fastify's own two lines per request stay off.
 */
export class RequestLog extends LogController {
  constructor(
    private readonly metrics: HttpMetrics,
    private readonly logger: FastifyBaseLogger,
    private readonly accessLog: boolean,
  ) {
    super({ disableRequestLogging: true });
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    reply.header('x-request-id', request.id);
  }

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Called from the response's 'finish' event: a throw here would be an uncaught exception.
    try {
      const route = request.routeOptions.url ?? 'not_found';
      const status = reply.statusCode;
      this.metrics.observe(route, request.method, status, reply.elapsedTime);
      if (this.accessLog) {
        const ms = Math.round(reply.elapsedTime);
        this.logger.info({ req_id: request.id, method: request.method, route, status, ms }, 'request');
      }
    } catch (error) {
      this.logger.error({ err: error, req_id: request.id }, 'request bookkeeping failed');
    }
  }
}
