import type { SimCompany, SimContext, SimResponse } from './types.js';

/**
 * Replies the national fallback registers (kas, ares, adis, anaf) share in the simulator: the broken
 * ones a client must treat as failures, whatever register sends them.
 * - `html`: a 200 HTML page, as a web firewall or a maintenance proxy sends in place of the API.
 * - `shape`: a 200 JSON object of another shape (not the register's answer).
 * - `garbage`: a 200 claiming JSON whose body is binary noise.
 */
export const BROKEN_FAULTS = ['html', 'shape', 'garbage'] as const;

export function brokenReply(code: string): SimResponse | undefined {
  switch (code) {
    case 'html':
      return {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: '<!DOCTYPE html><html><head><title>Request Rejected</title></head><body>The requested URL was rejected.</body></html>',
      };
    case 'shape':
      return { status: 200, headers: JSON_TYPE, body: '{"status":"ok","data":[]}' };
    case 'garbage':
      return { status: 200, headers: JSON_TYPE, body: '\u0000\u0001\u0002garbage\uFFFD\u0010' };
    default:
      return undefined;
  }
}

export const JSON_TYPE = { 'content-type': 'application/json;charset=UTF-8' };

export function json(status: number, value: unknown): SimResponse {
  return { status, headers: JSON_TYPE, body: JSON.stringify(value) };
}

/** Mode `wrong_number`: another VAT-registered company of the same country, not the one asked. */
export function otherRegistered(context: SimContext, asked: string): SimCompany | undefined {
  const country = asked.slice(0, 2);
  return context
    .companies()
    .find(
      (company) =>
        company.vatNumber.startsWith(country) && company.vatNumber !== asked && company.vatRegistered,
    );
}

export function company(
  vatNumber: string,
  name: string,
  addressLines: string[],
  vatRegistered: boolean,
  extra: Record<string, string> = {},
): SimCompany {
  return { vatNumber, name, addressLines, vatRegistered, extra };
}
