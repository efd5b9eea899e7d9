/** The validation result (spec 2.2) and its meta (decisions section 2), as every channel returns them. */

export interface Company {
  name: string | null;
  address: string | null;
}

export interface ValidationData {
  valid: boolean;
  vat_number: string;
  country_code: string;
  company: Company | null;
  /** A string or null on fresh answers; absent on cached ones (decisions section 2). */
  consultation_number?: string | null;
  requested_at: string;
}

export type Source = 'vies' | 'hmrc' | 'uid' | 'brreg' | 'abr' | 'checksum' | 'format' | 'test';
export type SourceStatus = 'live' | 'cached' | 'unavailable' | 'degraded' | 'unverified';

export interface ValidationMeta {
  cached: boolean;
  cached_at?: string;
  stale?: boolean;
  source: Source;
  source_status: SourceStatus;
}

export interface ValidationAnswer {
  data: ValidationData;
  meta: ValidationMeta;
}

/** Company per decisions section 3: null when invalid, and when the registry gives neither part. */
export function companyOf(valid: boolean, name: string | null, address: string | null): Company | null {
  if (!valid || (name === null && address === null)) return null;
  return { name, address };
}

/**
 * The last two instants asked for, with their strings: an answer asks for its own time and its cache
 * entry's, and the requests of one millisecond share both (toISOString cost about 0.6 µs a call).
 */
const recent: Array<{ ms: number; text: string }> = [
  { ms: Number.NaN, text: '' },
  { ms: Number.NaN, text: '' },
];
let older = 0;

export function iso(ms: number): string {
  if (recent[0].ms === ms) return recent[0].text;
  if (recent[1].ms === ms) return recent[1].text;
  const text = new Date(ms).toISOString();
  recent[older] = { ms, text };
  older = 1 - older;
  return text;
}
