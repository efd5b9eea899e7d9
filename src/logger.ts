import pino, { type Logger } from 'pino';

/**
 * The process logger. API keys and webhook secrets must never reach a log line: request logs carry
 * no headers or bodies (src/app.ts), and these paths are redacted as a second line of defence.
 */
export const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'request.headers.authorization',
  'key',
  '*.key',
  'signing_secret',
  '*.signing_secret',
  'secret',
  '*.secret',
  'client_secret',
  '*.client_secret',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { pid: process.pid } },
    destination,
  );
}
