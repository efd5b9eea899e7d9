import { randomUUID } from 'node:crypto';
import { type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.js';
import { errorBody } from './envelope.js';

/**
 * Answers written on the raw connection, in the envelope, for requests Fastify never gets whole:
 * HTTP that Node's parser refuses (422), and a request its client stopped sending (408). Left to
 * Node, the first would get a bare 400 and a stalled body no answer at all when the idle timeout
 * ends it; so Fastify's `clientErrorHandler` and the server's `timeout` event come here.
 *
 * A request not whole in time reaches one of two timers, whichever is shorter: Node's
 * `requestTimeout` (HTTP_REQUEST_TIMEOUT_MS, the whole request; a `clientError`) or the socket's
 * idle timeout (HTTP_IDLE_TIMEOUT_MS, nothing moving; the server's `timeout`). Either way the
 * client gets 408 `request_timeout`, then the connection is closed.
 */
export class SocketAnswers {
  /** The answer each connection's latest request is getting, to know whether one has begun. */
  private readonly answering = new WeakMap<Duplex, ServerResponse>();

  constructor(private readonly docsBase: string) {}

  /** Follows `server`'s requests and takes over its socket timeouts. */
  attach(server: Server): void {
    server.on('request', (request, response: ServerResponse) => this.answering.set(request.socket, response));
    // With a listener here Node no longer destroys a timed-out socket itself: every path ends in
    // a close. A request whose body is still awaited gets its 408 first; an idle keep-alive
    // connection, a connection that never sent anything or an answer that stalled is just closed.
    server.on('timeout', (socket: Duplex) => {
      const response = this.answering.get(socket);
      if (response && !response.req.complete && !response.headersSent) this.timedOut(socket);
      else socket.destroy();
    });
  }

  /** Fastify's `clientErrorHandler`. */
  clientError(error: NodeJS.ErrnoException, socket: Duplex): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      this.timedOut(socket);
      return;
    }
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const message =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'The request headers are larger than the server accepts (16 KiB).'
        : 'The request is not valid HTTP.';
    socket.end(this.answer('validation_error', message));
  }

  /** 408 on a connection whose request did not arrive whole in time, then the close. */
  private timedOut(socket: Duplex): void {
    const response = this.answering.get(socket);
    // An answer already under way cannot be followed by another on the same bytes: cut it.
    if (!socket.writable || (response?.headersSent && !response.writableEnded)) {
      socket.destroy();
      return;
    }
    socket.end(this.answer('request_timeout'), () => socket.destroy());
  }

  private answer(code: ErrorCode, message?: string): string {
    const id = randomUUID();
    const { status } = ERROR_CATALOGUE[code];
    const body = JSON.stringify(errorBody(this.docsBase, id, code, message));
    return (
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`
    );
  }
}
