import type { HttpAnswer } from '../http.js';
import { RegistryError, type RegistryFailureKind, type RegistryId } from '../registry.js';

/**
 * Reading the JSON replies of the national registers (kas, ares, anaf) strictly: a reply that is
 * not JSON, is HTML, is cut short or has another shape is a failure, never a verdict.
 */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Trimmed text of a string value; '' for anything else. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function headerOf(answer: HttpAnswer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

export function failureOf(registry: RegistryId) {
  return (kind: RegistryFailureKind, message: string, upstreamCode?: string): RegistryError =>
    new RegistryError(registry, kind, message, upstreamCode);
}

/**
 * The reply's JSON object: the content type must say JSON (an HTML error page from a proxy does
 * not) and the body must parse whole into an object.
 */
export function jsonObjectOf(answer: HttpAnswer): Json | undefined {
  if (!/json/i.test(headerOf(answer, 'content-type'))) return undefined;
  const parsed = tryParseJson(answer.body);
  return isObject(parsed) ? parsed : undefined;
}

/** The failure for a reply the register's protocol does not allow (the HTTP status decides the kind). */
export function unreadable(registry: RegistryId, answer: HttpAnswer, what: string): RegistryError {
  if (answer.status >= 500) {
    return new RegistryError(
      registry,
      'server_error',
      `${registry} answered HTTP ${answer.status}`,
      String(answer.status),
    );
  }
  if (answer.status === 429) {
    return new RegistryError(registry, 'throttled', `${registry} answered 429 Too Many Requests`, '429');
  }
  return new RegistryError(
    registry,
    'malformed',
    `${registry} answer unusable: ${what}`,
    String(answer.status),
  );
}

/** `YYYY-MM-DD` of an epoch-ms time, in UTC (the registers take the day the state is asked for). */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
