import { ApiError } from '../errors.js';
import { checkVatNumber, type ParsedVatNumber } from '../numbers/index.js';
import { type Company, companyOf, iso, type ValidationAnswer } from './answer.js';

/**
 * Test keys (decisions section 5): predictable answers for the magic numbers, no registry, no quota,
 * no cache. The same syntax and checksum rules as live mode apply before this is reached.
 * A product feature, not a test stub: customers build their integration against it.
 */

interface Magic {
  company: Company | null;
  valid?: boolean;
  /** Consultation number when a requester is given, the tier allows it and the registry would accept the requester. */
  consultation?: string;
  /** Served as a cached answer this long ago. */
  cachedAgoMs?: number;
  stale?: boolean;
  error?: 'upstream_unavailable' | 'upstream_error';
}

const HOUR = 3_600_000;

const MAGIC: Readonly<Record<string, Magic>> = {
  DE123456704: {
    company: { name: 'Musterfirma Test GmbH', address: null },
    consultation: 'WAPITEST00000001',
  },
  NL123456782B01: { company: { name: 'Testbedrijf B.V.', address: 'Teststraat 1, 1234 AB Amsterdam' } },
  FR10123456717: { company: null, valid: false },
  DE123456712: { company: { name: 'Zwischenspeicher Test GmbH', address: null }, cachedAgoMs: HOUR },
  DE555555502: {
    company: { name: 'Altbestand Test GmbH', address: null },
    cachedAgoMs: 72 * HOUR,
    stale: true,
  },
  DE999999903: { company: null, error: 'upstream_unavailable' },
  GB123456727: {
    company: { name: 'Test Trading Ltd', address: '1 Test Street, London, SW1A 1AA' },
    consultation: 'GBTEST000000001',
  },
  GB999999918: { company: null, error: 'upstream_error' },
  CHE100000006MWST: { company: { name: 'Testfirma AG', address: 'Teststrasse 1, 8000 Zürich' } },
  NO900000006MVA: { company: { name: 'Testselskap AS', address: 'Testveien 1, 0150 Oslo' } },
  AU51824753556: { company: { name: 'Test Pty Ltd', address: 'NSW 2000' } },
};

export const TEST_MAGIC_NUMBERS = Object.keys(MAGIC);

/**
 * The test-mode answer for a number that passed syntax and checksum, or throws the magic 503.
 * `wantsConsultation`: a requester was given, the tier allows consultation numbers and the
 * number's registry accepts that requester.
 */
export function testModeAnswer(
  number: ParsedVatNumber,
  wantsConsultation: boolean,
  now: number,
): ValidationAnswer {
  const magic = MAGIC[number.vatNumber];
  if (magic?.error) {
    throw new ApiError(magic.error, undefined, { 'retry-after': '30' });
  }
  const valid = magic?.valid ?? true;
  const company = magic ? magic.company : { name: `Test Company (${number.countryCode})`, address: null };
  const data = {
    valid,
    vat_number: number.vatNumber,
    country_code: number.countryCode,
    company: companyOf(valid, company?.name ?? null, company?.address ?? null),
    requested_at: iso(now),
    match: null,
  };
  if (magic?.cachedAgoMs) {
    return {
      data,
      meta: {
        cached: true,
        cached_at: iso(now - magic.cachedAgoMs),
        ...(magic.stale ? { stale: true } : {}),
        source: 'test',
        source_status: magic.stale ? 'unavailable' : 'cached',
      },
    };
  }
  const consultation = valid && wantsConsultation ? (magic?.consultation ?? null) : null;
  return {
    data: { ...data, consultation_number: consultation },
    meta: { cached: false, source: 'test', source_status: 'live' },
  };
}

/**
 * What a test key gets for a magic number: the answer, or the ApiError it is answered with.
 * `/docs/test-mode` and the reference's examples are rendered from this, so they cannot drift
 * from the table above.
 */
export function magicNumberAnswer(
  vatNumber: string,
  wantsConsultation: boolean,
  now: number,
): ValidationAnswer | ApiError {
  const check = checkVatNumber(vatNumber);
  if (check.kind !== 'checked') throw new Error(`${vatNumber} is not a well-formed VAT number`);
  try {
    return testModeAnswer(check.number, wantsConsultation, now);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}
