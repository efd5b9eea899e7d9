import { connect } from 'node:net';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/harness.js';

/** Helpers of the console suites: a session over plain HTTP, and a raw socket for what fetch cannot send. */

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Signs in with `key`: the session's Cookie header and the CSRF token its pages carry. */
export async function consoleSession(app: TestApp, key: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${app.url}/console/sign-in`, {
    method: 'POST',
    headers: FORM,
    body: form({ api_key: key }),
    redirect: 'manual',
  });
  expect(response.status, await response.text()).toBe(303);
  const cookie = response.headers.get('set-cookie')!.split(';')[0];
  const page = await (await fetch(`${app.url}/console/keys`, { headers: { cookie } })).text();
  return { cookie, csrf: /name="_csrf" value="([^"]+)"/.exec(page)![1] };
}

export interface RawExchange {
  /** Everything the server sent, as latin1. */
  received: string;
  /** Whether the server closed the connection (rather than the wait running out). */
  closed: boolean;
}

/**
 * Sends `head` (the request line and headers, without the blank line) and then `body` on a raw
 * connection, then waits up to `waitMs` for the server to close it; what came back by then.
 * `body` may be a function that keeps writing (a stream) until the connection closes.
 */
export function rawExchange(
  app: TestApp,
  head: string,
  body: string | Buffer | ((write: (chunk: string | Buffer) => boolean) => void) = '',
  waitMs = 20_000,
): Promise<RawExchange> {
  const socket = connect(Number(new URL(app.url).port), '127.0.0.1');
  let received = '';
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ received, closed: false });
    }, waitMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    // A write cut short by the server's close is expected here.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closed: true });
    });
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      if (typeof body === 'function') body((chunk) => !socket.destroyed && socket.write(chunk));
      else if (body.length > 0) socket.write(body);
    });
  });
}

/** The status of the first answer in a raw exchange. */
export function statusOf(exchange: RawExchange): number | undefined {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(exchange.received);
  return match ? Number(match[1]) : undefined;
}
