import { type Dispatcher, request } from 'undici';

/**
 * The one reader of replies the service fetches from outside (registries, national fallbacks,
 * VIES's status report, webhook receivers, and any client added later): a reply is read chunk by
 * chunk against a byte cap, so no upstream can make the process hold more than the cap. Nothing
 * here knows registries or jobs; callers turn `ReplyTooLargeError` into their own failure.
 */

/** 1 MiB: the registries' answers are a few kilobytes; nothing legitimate comes near it. */
export const DEFAULT_MAX_REPLY_BYTES = 1_048_576;

type ReplyBody = Dispatcher.ResponseData['body'];

/** Where a client reports a reply it refused (pino's and Fastify's loggers are one). */
export interface ReplyLog {
  warn(fields: object, message: string): void;
}

/** A reply refused for its size: declared above the cap, or grown past it while read. */
export class ReplyTooLargeError extends Error {
  readonly code = 'ERR_REPLY_TOO_LARGE';

  constructor(
    /** The cap, in bytes. */
    readonly limit: number,
    /** The Content-Length the reply declared, when that is what refused it. */
    readonly declared?: number,
  ) {
    super(
      declared === undefined
        ? `reply larger than ${limit} bytes`
        : `reply declares ${declared} bytes, more than the ${limit} read`,
    );
    this.name = 'ReplyTooLargeError';
  }
}

/**
 * The whole body of a reply, or `ReplyTooLargeError`: a declared Content-Length above `maxBytes`
 * is refused before a byte is read, and a body that grows past it is refused as soon as it does.
 * Either way the body is destroyed, which aborts the request and closes its socket, so the
 * upstream stops sending and the connection is not reused.
 */
export async function readCappedReply(
  reply: Pick<Dispatcher.ResponseData, 'headers' | 'body'>,
  maxBytes: number,
): Promise<Buffer> {
  const declared = declaredLength(reply.headers);
  if (declared !== undefined && declared > maxBytes) {
    discard(reply.body);
    throw new ReplyTooLargeError(maxBytes, declared);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of reply.body as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > maxBytes) {
      discard(reply.body);
      throw new ReplyTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, received);
}

/**
 * At most the first `maxBytes` of a body, the rest never read: for a reply only part of which is
 * kept (a webhook receiver's answer in the delivery log). A body that errors or is aborted by
 * `signal` keeps what arrived; this never throws.
 */
export async function readReplyPrefix(
  body: ReplyBody,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  const onAbort = () => discard(body);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const keep = chunk.subarray(0, maxBytes - received);
      chunks.push(keep);
      received += keep.length;
      if (received >= maxBytes) break;
    }
  } catch {
    // Cut short by the sender or the deadline: what arrived is kept.
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!body.destroyed) discard(body);
  }
  return Buffer.concat(chunks, received);
}

export interface CappedRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Whole-call budget in milliseconds: connect, headers and body. */
  timeoutMs: number;
  /** Largest body read, in bytes (DEFAULT_MAX_REPLY_BYTES when not given). */
  maxBytes?: number;
  /** A pool of its own; undici's global dispatcher when not given. */
  dispatcher?: Dispatcher;
}

export interface CappedAnswer {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Buffer;
}

/**
 * One call whose reply is read through `readCappedReply`, for a client that needs no pool or
 * evidence of its own (VIES's status report, a rates feed). Throws `ReplyTooLargeError` past the
 * cap, undici's errors for a failed connection, and the signal's error on the timeout.
 */
export async function requestCapped(url: string, options: CappedRequest): Promise<CappedAnswer> {
  const response = await request(url, {
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    signal: AbortSignal.timeout(options.timeoutMs),
    dispatcher: options.dispatcher,
  });
  const body = await readCappedReply(response, options.maxBytes ?? DEFAULT_MAX_REPLY_BYTES);
  return { status: response.statusCode, headers: response.headers, body };
}

/**
 * Aborts the request behind a reply body and closes its socket. The body then emits undici's
 * "request aborted" error, which is expected here: the listener keeps it from being unhandled.
 */
function discard(body: ReplyBody): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The Content-Length a reply declares, or undefined when it declares none (chunked) or an unreadable one. */
function declaredLength(headers: Dispatcher.ResponseData['headers']): number | undefined {
  const value = headers['content-length'];
  const length = Number(Array.isArray(value) ? value[0] : value);
  return value !== undefined && Number.isFinite(length) ? length : undefined;
}
