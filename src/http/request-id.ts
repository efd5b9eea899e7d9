import { randomUUID } from 'node:crypto';

/** 1–128 visible ASCII characters (decisions section 8). */
const CLIENT_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** The client's `X-Request-Id` when it is well formed, else a new UUID (decisions section 8). */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}
