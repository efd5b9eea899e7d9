import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors.js';

/** The most characters of a refused piece of the query a message repeats: it comes from the client. */
const MAX_PIECE_IN_MESSAGE = 40;

/**
 * A query string whose percent-encoding is malformed or not UTF-8 (`%ZZ`, `%FF`, `%ED%A0%80`, a
 * bare `%`) is 422 `validation_error`, as such a path is. The query parser would keep the
 * undecoded text as the value instead: a `reference` was stored as the characters `%FF` rather
 * than refused, and a filter looked for them.
 */
export function registerQueryEncoding(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const start = request.url.indexOf('?');
    // Most queries hold no percent sign at all: nothing to decode, nothing to split.
    if (start < 0 || request.url.indexOf('%', start) < 0) return done();
    for (const piece of request.url.slice(start + 1).split(/[&=]/)) {
      if (!piece.includes('%')) continue;
      try {
        decodeURIComponent(piece);
      } catch {
        const shown =
          piece.length > MAX_PIECE_IN_MESSAGE ? `${piece.slice(0, MAX_PIECE_IN_MESSAGE)}…` : piece;
        return done(
          new ApiError(
            'validation_error',
            `The query string is not valid: '${shown}' is malformed percent-encoding or not UTF-8.`,
          ),
        );
      }
    }
    done();
  });
}
