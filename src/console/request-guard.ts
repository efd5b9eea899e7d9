import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.js';
import { type Html, html } from './html.js';
import { apiError, barePage } from './layout.js';

/**
 * What the console reads of a request before it knows who sent it, and from where it accepts a
 * form. A browser that is not signed in can send the sign-in form (a key: a few bytes) and nothing
 * else, so at most 1 MiB of its body is read; the bulk upload's larger limit applies to a session
 * only. A form posted by a page of another site is refused before its body is read.
 */

const MIB = 1024 * 1024;

/** Most of a body read from a browser without a session (the sign-in form, an expired session's form). */
export const UNAUTHENTICATED_BODY_LIMIT = MIB;

/** The length a request declares in Content-Length; undefined for a streamed (chunked) body. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header === undefined ? undefined : Number(header);
}

/**
 * Whether a request was sent by a page of another origin: the browser says so in `Sec-Fetch-Site`
 * (anything but `same-origin`, or `none` for what the user typed), or `Origin` names another origin
 * than this service's (the Host it was asked for, or `PUBLIC_URL` behind a proxy). A request with
 * neither header (an older browser, a script) is not refused here: the session's CSRF token guards
 * every form but sign-in.
 */
export function fromAnotherSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined || origin === publicOrigin) return false;
  // `Origin: null` (a sandboxed frame, a data: page) is no origin of ours either.
  return !URL.canParse(origin) || new URL(origin).host !== request.host;
}

/**
 * Whether a proxy in front says the browser's request came over HTTPS (`X-Forwarded-Proto`, its
 * first value). Taken without trusting the proxy: it can only make the session cookie stricter
 * (the `__Host-` name, Secure), which costs a sender who forges it its own session and no one else.
 */
export function forwardedHttps(request: FastifyRequest): boolean {
  const header = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0];
  return first?.trim().toLowerCase() === 'https';
}

/** A refusal as a page of the console, with `status` and the console's way back. */
export function sendRefusal(reply: FastifyReply, status: number, body: Html): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      String(barePage('Request refused', html`${body}<p><a href="/console">Back to the console</a></p>`)),
    );
}

/**
 * A refusal that has a code in the error catalogue: the message with the code and its docs page,
 * as the console shows the API's errors.
 */
export function sendCodedRefusal(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
): FastifyReply {
  return sendRefusal(reply, status, apiError({ code, message, docs_url: `/docs/errors/${code}` }));
}

/**
 * 413 for a body over `limit`; `signInFirst` when the limit was the one for a browser without a
 * session on a page that needs one. The connection is closed after the answer, so the rest of the
 * body is not read (Node would otherwise read and discard it to keep the connection).
 */
export function sendTooLarge(reply: FastifyReply, limit: number, signInFirst = false): FastifyReply {
  const size = `${Math.floor(limit / MIB)} MiB`;
  const message = signInFirst
    ? `The console reads at most ${size} from a browser that is not signed in. Sign in, then send it again.`
    : limit > UNAUTHENTICATED_BODY_LIMIT
      ? `The upload is larger than the console accepts (${size}); split the file.`
      : `The form is larger than the console accepts (${size}).`;
  reply.header('connection', 'close');
  return sendCodedRefusal(reply, 413, 'payload_too_large', message);
}

/** 415 for a body that is not one of the console's form encodings. */
export function sendUnsupportedType(reply: FastifyReply, contentType: string | undefined): FastifyReply {
  reply.header('connection', 'close');
  return sendCodedRefusal(
    reply,
    415,
    'unsupported_media_type',
    `The console accepts its own forms only (application/x-www-form-urlencoded, and multipart/form-data for the bulk upload), not ${contentType ? contentType.split(';')[0].slice(0, 100) : 'a body without a Content-Type'}. Machine clients use the API under /v1.`,
  );
}
