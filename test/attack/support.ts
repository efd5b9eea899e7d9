/**
 * Shared machinery of the attack suites (not a test file): a raw HTTP/1.1 client on node:net for the
 * requests fetch cannot make, one normalised answer shape for fetch and raw exchanges, and the
 * checks every answer must pass (decisions section 8: no 5xx but the documented 503s, the standard
 * envelope with a catalogue code whose status is the HTTP status, X-Request-Id = meta.request_id).
 */
import { connect } from 'node:net';
import { ERROR_CATALOGUE, isErrorCode } from '../../src/errors.js';

/** The harness runs with PUBLIC_URL=http://localhost:3000, so every docs_url starts with this. */
export const DOCS_BASE = 'http://localhost:3000/docs/errors';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The client request ids the service must echo (decisions section 8). */
export const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** What came back, however it was sent. Header names are lower case; repeated headers are joined. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  ms: number;
}

// ---------------------------------------------------------------------------------------------
// fetch
// ---------------------------------------------------------------------------------------------

export interface FetchSpec {
  method: string;
  /** Path and query exactly as they go on the request line (already percent-encoded). */
  target: string;
  headers: Array<[string, string]>;
  body?: Uint8Array;
}

export type Outcome = { kind: 'answer'; answer: Answer } | { kind: 'failure'; reason: string; ms: number };

export async function fetchExchange(base: string, spec: FetchSpec, timeoutMs: number): Promise<Outcome> {
  const headers = new Headers();
  for (const [name, value] of spec.headers) headers.append(name, value);
  const started = performance.now();
  try {
    const response = await fetch(`${base}${spec.target}`, {
      method: spec.method,
      headers,
      body: spec.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    const text = await response.text();
    const flat: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      flat[name] = value;
    });
    return {
      kind: 'answer',
      answer: { status: response.status, headers: flat, text, ms: performance.now() - started },
    };
  } catch (error) {
    const ms = performance.now() - started;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: 'failure',
      reason: `${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}`,
      ms,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// raw HTTP/1.1 over node:net
// ---------------------------------------------------------------------------------------------

export interface RawOptions {
  timeoutMs: number;
  /**
   * Half-close after writing (default false). Node's server aborts a request whose client sent
   * FIN (httpAllowHalfOpen is false), so only messages meant to be cut short use it.
   */
  end?: boolean;
  /** The request was HEAD: the answer has no body whatever Content-Length says. */
  head?: boolean;
}

export type RawOutcome =
  | { kind: 'answer'; answer: Answer; raw: Buffer }
  /** The server closed the connection without a complete answer. */
  | { kind: 'closed'; raw: Buffer; error?: string; ms: number }
  | { kind: 'timeout'; raw: Buffer; ms: number };

/** Sends `request` byte for byte and parses the first non-1xx answer. */
export function rawExchange(
  host: string,
  port: number,
  request: Buffer,
  options: RawOptions,
): Promise<RawOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    let settled = false;
    let socketError: string | undefined;
    const finish = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ kind: 'timeout', raw: received, ms: performance.now() - started }),
      options.timeoutMs,
    );
    socket.on('connect', () => {
      socket.write(request, () => {
        if (options.end === true) socket.end();
      });
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const parsed = parseResponse(received, options.head === true, false);
      if (parsed)
        finish({ kind: 'answer', answer: { ...parsed, ms: performance.now() - started }, raw: received });
    });
    socket.on('error', (error) => {
      // EPIPE / ECONNRESET while we were still writing a body the server already refused: the answer
      // may have arrived before, so it is looked for on close.
      socketError = `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`;
    });
    socket.on('close', () => {
      const parsed = parseResponse(received, options.head === true, true);
      if (parsed)
        finish({ kind: 'answer', answer: { ...parsed, ms: performance.now() - started }, raw: received });
      else finish({ kind: 'closed', raw: received, error: socketError, ms: performance.now() - started });
    });
  });
}

/** The first final answer in `buffer`, or undefined while it is incomplete. */
function parseResponse(buffer: Buffer, head: boolean, closed: boolean): Omit<Answer, 'ms'> | undefined {
  return parseOne(buffer, 0, head, closed)?.answer;
}

/** The answer starting at `offset` (1xx answers skipped) and the offset after it. */
function parseOne(
  buffer: Buffer,
  start: number,
  head: boolean,
  closed: boolean,
): { answer: Omit<Answer, 'ms'>; next: number } | undefined {
  let offset = start;
  for (;;) {
    const headerEnd = buffer.indexOf('\r\n\r\n', offset);
    if (headerEnd < 0) return undefined;
    const lines = buffer.subarray(offset, headerEnd).toString('latin1').split('\r\n');
    const statusMatch = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!statusMatch) return undefined;
    const status = Number(statusMatch[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const bodyStart = headerEnd + 4;
    if (status >= 100 && status < 200) {
      offset = bodyStart;
      continue;
    }
    const done = (bytes: Buffer, next: number) => ({
      answer: { status, headers, text: bytes.toString('utf8') },
      next,
    });
    if (head || status === 204 || status === 304) return done(Buffer.alloc(0), bodyStart);
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const chunks: Buffer[] = [];
      let at = bodyStart;
      for (;;) {
        const lineEnd = buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return closed ? done(Buffer.concat(chunks), buffer.length) : undefined;
        const size = Number.parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
        if (!Number.isFinite(size) || size === 0)
          return done(Buffer.concat(chunks), Math.min(buffer.length, lineEnd + 4));
        if (buffer.length < lineEnd + 2 + size + 2)
          return closed ? done(Buffer.concat(chunks), buffer.length) : undefined;
        chunks.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    const length = headers['content-length'];
    if (length !== undefined) {
      const n = Number(length);
      if (buffer.length - bodyStart < n)
        return closed ? done(buffer.subarray(bodyStart), buffer.length) : undefined;
      return done(buffer.subarray(bodyStart, bodyStart + n), bodyStart + n);
    }
    return closed ? done(buffer.subarray(bodyStart), buffer.length) : undefined;
  }
}

/**
 * Sends `request` and reads until the server closes (or `timeoutMs`): every answer on the
 * connection, for pipelining and smuggling probes.
 */
export function rawConversation(
  host: string,
  port: number,
  request: Buffer,
  /** `end`: half-close after writing. Off by default: Node aborts a request whose client sent FIN. */
  options: { timeoutMs: number; end?: boolean },
): Promise<{ answers: Answer[]; raw: Buffer; timedOut: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, options.timeoutMs);
    socket.on('connect', () => {
      socket.write(request, () => {
        if (options.end === true) socket.end();
      });
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      const answers: Answer[] = [];
      let offset = 0;
      while (offset < received.length) {
        const parsed = parseOne(received, offset, false, true);
        if (!parsed || parsed.next <= offset) break;
        answers.push({ ...parsed.answer, ms });
        offset = parsed.next;
      }
      resolve({ answers, raw: received, timedOut, ms });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// what every answer must be
// ---------------------------------------------------------------------------------------------

export interface AnswerContext {
  method: string;
  /** Path without the query string, as sent (percent-encoded). */
  path: string;
  /** The X-Request-Id the client sent, exactly (undefined: none). */
  sentRequestId?: string;
}

/** Answers that are not JSON by design: the Swagger UI and its assets, metrics, the CSV and PDF downloads. */
export function isNonJsonPage(path: string, contentType = ''): boolean {
  if (path === '/metrics' || path === '/docs' || path.startsWith('/docs/')) return true;
  // The downloads: the records export and a bulk file's results as CSV, a proof as PDF when asked.
  if (/^text\/csv/i.test(contentType))
    return path === '/v1/validations/export' || /^\/v1\/bulk\/[^/]+\/results$/.test(path);
  return /^application\/pdf/i.test(contentType) && /^\/v1\/validations\/[^/]+\/proof$/.test(path);
}

// A stack frame is `at name (file:line:column)`; a message echoing a parameter named `At ` is not one.
const INTERNALS =
  /node_modules|\bat [^\s]+ \([^)]*:\d+|\.ts:\d+|\.js:\d+|SQLITE_|sqlite3|syntax error at or near|violates|duplicate key|relation "|invalid byte sequence|\/work\/|Kysely|TypeError|ReferenceError|Cannot read prop/i;

/**
 * Every problem with one answer (empty: it is fine). `json` is the parsed body when it parsed.
 * 503 is allowed only as upstream_unavailable / upstream_error with Retry-After.
 */
export function answerProblems(context: AnswerContext, answer: Answer): string[] {
  const problems: string[] = [];
  const { status, headers } = answer;
  const requestId = headers['x-request-id'];

  if (!requestId) problems.push('no X-Request-Id header');
  else if (
    context.sentRequestId !== undefined &&
    CLIENT_REQUEST_ID.test(context.sentRequestId) &&
    !refusedByParser(answer)
  ) {
    if (requestId !== context.sentRequestId)
      problems.push(`X-Request-Id ${requestId} does not echo the client's ${context.sentRequestId}`);
  } else if (!UUID_V4.test(requestId)) problems.push(`X-Request-Id ${requestId} is not a UUID v4`);

  const headOnly = context.method.toUpperCase() === 'HEAD';
  const nonJson = isNonJsonPage(context.path, headers['content-type']) && status < 400;
  let json: unknown;
  let parsed = false;
  if (!headOnly && !nonJson) {
    try {
      json = JSON.parse(answer.text);
      parsed = true;
    } catch {
      problems.push(`body is not JSON: ${clip(answer.text, 200)}`);
    }
    if (parsed && !/^application\/json/i.test(headers['content-type'] ?? ''))
      problems.push(`JSON body with Content-Type ${headers['content-type']}`);
  }

  if (status >= 500) {
    const code = parsed ? (json as { error?: { code?: unknown } })?.error?.code : undefined;
    if (!(status === 503 && (code === 'upstream_unavailable' || code === 'upstream_error')))
      problems.push(`status ${status}${code ? ` (${String(code)})` : ''}`);
    else if (!/^\d+$/.test(headers['retry-after'] ?? ''))
      problems.push(`${status} ${code} without Retry-After`);
  }
  if (status >= 300 && status < 400 && !nonJson) problems.push(`redirect ${status} outside /docs`);

  if (!parsed || context.path === '/openapi.json') return problems;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    problems.push(`body is not an object: ${clip(answer.text, 200)}`);
    return problems;
  }
  const body = json as Record<string, unknown>;
  const keys = Object.keys(body).sort().join(',');
  const meta = body.meta as Record<string, unknown> | undefined;
  if (status < 400) {
    if (keys !== 'data,meta') problems.push(`success body has members ${keys}`);
    if (!meta || typeof meta !== 'object') problems.push('success body without meta');
    else if (meta.request_id !== requestId)
      problems.push(`meta.request_id ${String(meta.request_id)} != X-Request-Id ${requestId}`);
    return problems;
  }
  if (keys !== 'error,meta') problems.push(`error body has members ${keys}: ${clip(answer.text, 200)}`);
  const error = body.error as Record<string, unknown> | undefined;
  if (!error || typeof error !== 'object') return problems;
  const code = error.code;
  if (typeof code !== 'string' || !isErrorCode(code))
    problems.push(`error code ${String(code)} not in the catalogue`);
  else {
    if (ERROR_CATALOGUE[code].status !== status)
      problems.push(`code ${code} has catalogue status ${ERROR_CATALOGUE[code].status}, answered ${status}`);
    if (error.docs_url !== `${DOCS_BASE}/${code}`) problems.push(`docs_url ${String(error.docs_url)}`);
    if (code === 'internal_error' && error.message !== ERROR_CATALOGUE.internal_error.message)
      problems.push(`internal_error message is not the catalogue's: ${String(error.message)}`);
  }
  if (typeof error.message !== 'string' || error.message.trim() === '') problems.push('empty error message');
  else if (INTERNALS.test(error.message))
    problems.push(`error message shows internals: ${clip(error.message, 300)}`);
  const errorKeys = Object.keys(error).sort().join(',');
  if (errorKeys !== 'code,docs_url,message') problems.push(`error object has members ${errorKeys}`);
  if (!meta || typeof meta !== 'object' || Object.keys(meta).join(',') !== 'request_id')
    problems.push(`error meta is ${JSON.stringify(meta)}`);
  else if (meta.request_id !== requestId)
    problems.push(`meta.request_id ${String(meta.request_id)} != X-Request-Id ${requestId}`);
  return problems;
}

/**
 * The answer src/app.ts writes on the raw socket when Node's HTTP parser refuses the message
 * (oversized header block, malformed framing): the headers were never parsed, so a client's
 * X-Request-Id cannot be echoed and a fresh UUID is right.
 */
export function refusedByParser(answer: Answer): boolean {
  if (answer.status !== 422 || answer.headers.connection !== 'close') return false;
  // An answer to HEAD has no body to look at; written on the raw socket, it has no Date either.
  if (answer.text === '') return answer.headers.date === undefined;
  const body = parseJson(answer.text) as { error?: { code?: string; message?: string } } | undefined;
  return (
    body?.error?.code === 'validation_error' &&
    /^The request (headers are larger than the server accepts|is not valid HTTP)/.test(
      body.error.message ?? '',
    )
  );
}

export function clip(text: string, max: number): string {
  const flat = JSON.stringify(text);
  return flat.length <= max ? flat : `${flat.slice(0, max)}…(${text.length} chars)`;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Known deviations: bugs found by this suite whose fix lies outside the files the suite may touch.
// Each is recognised by its exact signature, counted, reported, and pinned by an `it.fails` test
// that asserts the correct behaviour (so fixing one turns that test red: then delete the entry).
// FUZZ_STRICT=1 treats them as failures like anything else.
// ---------------------------------------------------------------------------------------------

export interface KnownDeviation {
  id: string;
  summary: string;
}

/**
 * None open. Fixed so far: node-missing-host (HTTP/1.1 without Host), node-expectation-failed
 * (Expect other than 100-continue), postgres-nul-byte (NUL in a delivery id or ?event=).
 */
export const KNOWN_DEVIATIONS: Record<string, KnownDeviation> = {};

export const STRICT = process.env.FUZZ_STRICT === '1';

/**
 * The known deviation this answer is, if any. Node's own answers are recognisable: no
 * X-Request-Id (our onRequest hook never ran), no Content-Type and an empty body.
 */
export function knownDeviation(
  _answer: Answer,
  _request: { target: string; dialect: string },
): KnownDeviation | undefined {
  return undefined;
}
