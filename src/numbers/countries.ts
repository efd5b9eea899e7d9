import type { VatCountryCode } from './normalise.js';

/**
 * The English name of every country whose VAT numbers the service checks, by the prefix its
 * numbers carry (Greece as EL, Northern Ireland as XI). The names of the rate countries are those
 * of resources/vat-rates.json (a test keeps the two equal), so a page never shows one country
 * under two names.
 */
export const COUNTRY_NAMES: Readonly<Record<VatCountryCode, string>> = Object.freeze({
  AT: 'Austria',
  BE: 'Belgium',
  BG: 'Bulgaria',
  CY: 'Cyprus',
  CZ: 'Czech Republic',
  DE: 'Germany',
  DK: 'Denmark',
  EE: 'Estonia',
  EL: 'Greece',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  HR: 'Croatia',
  HU: 'Hungary',
  IE: 'Ireland',
  IT: 'Italy',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  LV: 'Latvia',
  MT: 'Malta',
  NL: 'Netherlands',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SE: 'Sweden',
  SI: 'Slovenia',
  SK: 'Slovakia',
  GB: 'United Kingdom',
  XI: 'Northern Ireland',
  CH: 'Switzerland',
  LI: 'Liechtenstein',
  NO: 'Norway',
  AU: 'Australia',
});

/** The name of a country code the service serves (GR is Greece too); undefined for any other. */
export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  return (COUNTRY_NAMES as Record<string, string>)[upper === 'GR' ? 'EL' : upper];
}
