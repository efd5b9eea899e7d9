import pino, { type Logger } from 'pino';

/**
 * The process logger. API keys, console session cookies and webhook secrets must never reach a log
 * line: request logs carry no headers or bodies (src/app.ts), and these paths are redacted as a
 * second line of defence.
 */
export const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'request.headers.authorization',
  'headers.cookie',
  'req.headers.cookie',
  'request.headers.cookie',
  'key',
  '*.key',
  'signing_secret',
  '*.signing_secret',
  'previous_signing_secret',
  '*.previous_signing_secret',
  'secret',
  '*.secret',
  'client_secret',
  '*.client_secret',
];

/** An API key or a webhook signing secret anywhere in a string. */
const SECRET_SHAPED = /svc_(?:live|test)_[0-9A-Za-z]{32}|whsec_[0-9A-Za-z+/=]+/g;

/**
 * The request id is the client's `X-Request-Id` when it is 1-128 visible ASCII characters (src/app.ts),
 * and it is logged as `req_id` on the lines of the request. A client
 * that sends its API key there must not get it logged: key- and secret-shaped parts are censored.
 */
function censorSecrets(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(SECRET_SHAPED, '[redacted]') : value;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { pid: process.pid },
      serializers: { err: pino.stdSerializers.err, req_id: censorSecrets },
    },
    destination,
  );
}
