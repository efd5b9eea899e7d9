import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { DecisionInput } from '../../src/decisions/types.js';
import { FORMATS } from '../../src/numbers/formats.js';
import type { VatCountryCode } from '../../src/numbers/index.js';
import type { TestDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/harness.js';
import { checkProofOf } from '../helpers/proof-check.js';
import { OFFLINE_REGISTRIES } from '../http/support.js';

/** Shared by the decision API suites (not a test file: vitest collects `*.test.ts` only). */

export function decide(app: TestApp, key: string, body: unknown): Promise<TestResponse> {
  return app.request('POST', '/v1/decisions', { key, body });
}

/**
 * For a suite of many cases: a test app on `dialect` with the registries offline, set up and closed
 * by hooks of the calling describe block, and a function that posts a decision with a test key.
 * A key may send 60 requests a minute, so a fresh account takes over every 50 cases.
 */
export function decidingWithTestKeys(dialect: TestDialect): (body: unknown) => Promise<TestResponse> {
  let app: TestApp | undefined;
  let account: TestAccount;
  let sent = 0;
  beforeAll(async () => {
    app = await startTestApp(dialect, { env: OFFLINE_REGISTRIES });
  });
  beforeEach(async () => {
    if (sent++ % 50 === 0) account = await app!.account('pro');
  });
  afterAll(async () => {
    await app?.close();
  });
  return (body) => decide(app!, account.test, body);
}

/** The seller of a request body: its country, and its number and threshold flags when given. */
export function sellerOf(
  country: string,
  sale: { seller_vat?: string; over?: boolean; oss?: boolean },
): Record<string, unknown> {
  return {
    country_code: country,
    ...(sale.seller_vat ? { vat_number: sale.seller_vat } : {}),
    ...(sale.over === undefined ? {} : { eu_distance_sales_over_threshold: sale.over }),
    ...(sale.oss === undefined ? {} : { oss_registered: sale.oss }),
  };
}

/** A sale as the case suites state it: the buyer's number and standing, flags, category and places. */
export interface CaseSale {
  /** Buyer's VAT number: a country code for a well-formed test number of it, or the number itself. */
  vat?: string;
  business?: boolean;
  over?: boolean;
  oss?: boolean;
  category?: string;
  ships_from?: string;
  performed_in?: string;
  seller_vat?: string;
}

/** The request body of a case, as a caller would send it. */
export function caseBody(seller: string, buyer: string, kind: string, sale: CaseSale, date: string) {
  const vat = sale.vat === undefined ? undefined : sale.vat.length === 2 ? wellFormed(sale.vat) : sale.vat;
  return {
    seller: sellerOf(seller, sale),
    buyer: {
      country_code: buyer,
      ...(vat ? { vat_number: vat } : {}),
      ...(sale.business === undefined ? {} : { is_business: sale.business }),
    },
    supply: {
      kind,
      ...(sale.category ? { category: sale.category } : {}),
      ...(sale.ships_from ? { ships_from: sale.ships_from } : {}),
      ...(sale.performed_in ? { performed_in: sale.performed_in } : {}),
    },
    date,
  };
}

/** What a case expects of the decision. */
export interface ExpectedDecision {
  treatment: string;
  vat_country: string | null;
  charge_vat: boolean | null;
  /** The rate in percent; null when not assessed or not held for the date. */
  rate: number | null;
  rate_type?: string;
  /** Each must match one entry of legal_basis. */
  legal?: RegExp[];
  /** Each must match the reasons, joined. */
  reasons?: RegExp[];
  /** None may match the reasons, joined. */
  notReasons?: RegExp[];
  note?: RegExp;
  /** `buyer_validation.source_status`. */
  source_status?: string;
}

/** What a case expects of a zero-rated or untaxed sale (exempt, reverse charge, outside the scope). */
export const ZERO = { charge_vat: false, rate: 0 } as const;

/** What a case expects of a sale the service does not assess. */
export const NOT_ASSESSED = {
  treatment: 'not_assessed',
  vat_country: null,
  charge_vat: null,
  rate: null,
} as const;

/** Checks a decision answer against what its case expects. */
export function expectDecision(res: TestResponse, expected: ExpectedDecision): void {
  expect(res.status, res.text).toBe(200);
  const decision = res.body.data;
  expect({
    treatment: decision.treatment,
    vat_country: decision.vat_country,
    charge_vat: decision.charge_vat,
    rate: decision.rate,
  }).toEqual({
    treatment: expected.treatment,
    vat_country: expected.vat_country,
    charge_vat: expected.charge_vat,
    rate: expected.rate,
  });
  if (expected.rate_type !== undefined) expect(decision.rate_type).toBe(expected.rate_type);
  // Never a zero-rated business sale without a number the registry confirmed.
  if (['reverse_charge', 'intra_community_supply'].includes(decision.treatment))
    expect(decision.buyer_validation).toMatchObject({ valid: true });
  if (expected.source_status !== undefined)
    expect(decision.buyer_validation?.source_status).toBe(expected.source_status);
  for (const article of expected.legal ?? [])
    expect(
      decision.legal_basis.some((entry: string) => article.test(entry)),
      decision.legal_basis.join('; '),
    ).toBe(true);
  const reasons = decision.reasons.join(' ');
  for (const reason of expected.reasons ?? []) expect(reasons).toMatch(reason);
  for (const reason of expected.notReasons ?? []) expect(reasons).not.toMatch(reason);
  if (expected.note) expect(decision.invoice_note.text).toMatch(expected.note);
}

/** A request body from the rules' input, as a caller would send it. */
export function bodyOf(input: DecisionInput, buyerVat?: string): Record<string, unknown> {
  const { seller, buyer, supply, date } = input;
  return {
    seller,
    buyer: { ...buyer, ...(buyerVat === undefined ? {} : { vat_number: buyerVat }) },
    supply,
    date,
  };
}

/** A well-formed number with valid check digits for a country (test keys answer it valid). */
export function wellFormed(country: string): string {
  return FORMATS[country as VatCountryCode].example;
}

/** Test-mode numbers (/docs/test-mode): not registered, registry down, a stale answer 72 h old. */
export const TEST_INVALID = 'FR10123456717';
export const TEST_DOWN = 'DE999999903';
export const TEST_STALE = 'DE555555502';

/** Seeded as VAT-registered in the simulator's VIES, one per member state (and XI). */
export const SEEDED: Readonly<Record<string, string>> = {
  AT: 'ATU12345675',
  BE: 'BE0202239951',
  BG: 'BG103873594',
  CY: 'CY10246672X',
  CZ: 'CZ25123891',
  DE: 'DE123456704',
  DK: 'DK10503280',
  EE: 'EE100931558',
  EL: 'EL123456709',
  ES: 'ESA28184661',
  FI: 'FI02459042',
  FR: 'FR04409414364',
  HR: 'HR02574432339',
  HU: 'HU12509403',
  IE: 'IE6433435F',
  IT: 'IT00743110157',
  LT: 'LT119511515',
  LU: 'LU10059929',
  LV: 'LV40003521600',
  MT: 'MT10396417',
  NL: 'NL123456782B01',
  PL: 'PL5211355116',
  PT: 'PT500019720',
  RO: 'RO18547290',
  SE: 'SE556058115801',
  SI: 'SI26808498',
  SK: 'SK2022749619',
  XI: 'XI123456727',
};

/** A decision proof checked with node:crypto alone: leaf, inclusion path, seal hash. */
// biome-ignore lint/suspicious/noExplicitAny: the proof is read as plain JSON, as a client would
export function checkDecisionProof(proof: any) {
  return checkProofOf(proof, 'decision');
}

/** The text of a PDF, by pdftotext (poppler-utils). */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'decision-proof-'));
  try {
    const file = join(dir, 'proof.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-']).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GET with the raw body kept (for PDFs). */
export async function getBytes(
  app: TestApp,
  key: string,
  path: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}
