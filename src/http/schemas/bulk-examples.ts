import {
  EXAMPLE_BULK_ID,
  EXAMPLE_NOW,
  EXAMPLE_PUBLIC_URL,
  EXAMPLE_REQUEST_ID,
  type NamedExample,
} from './examples.js';

/** Examples of the bulk endpoints' answers, for the OpenAPI document. */

const at = (offsetMs: number) => new Date(EXAMPLE_NOW + offsetMs).toISOString();
const meta = { request_id: EXAMPLE_REQUEST_ID };

export const BULK_CSV_EXAMPLE =
  'vat_number;reference;trader_name\nDE123456704;customer-4711;Musterfirma\nNL123456782B01;customer-4712;Testbedrijf\nDE12345;customer-4713;Typo GmbH\n';

export const BULK_ACCEPTED_EXAMPLES: Record<string, NamedExample> = {
  accepted: {
    summary: 'Three rows: two queued, one malformed number rejected',
    value: {
      data: { bulk_id: EXAMPLE_BULK_ID, status: 'pending', total: 3, accepted: 2, rejected: 1 },
      meta: { ...meta, request_duration_ms: 14 },
    },
  },
};

const progress = {
  bulk_id: EXAMPLE_BULK_ID,
  status: 'processing',
  total: 100_000,
  accepted: 99_850,
  rejected: 150,
  processed: 41_200,
  succeeded: 41_190,
  failed: 10,
  created_at: at(0),
  completed_at: null,
  eta_seconds: 86,
  results_url: `${EXAMPLE_PUBLIC_URL}/v1/bulk/${EXAMPLE_BULK_ID}/results`,
};

export const BULK_PROGRESS_EXAMPLES: Record<string, NamedExample> = {
  processing: { summary: 'Under way', value: { data: progress, meta } },
  completed: {
    summary: 'Done',
    value: {
      data: {
        ...progress,
        status: 'completed',
        processed: 99_850,
        succeeded: 99_838,
        failed: 12,
        completed_at: at(150_000),
        eta_seconds: 0,
      },
      meta,
    },
  },
};

export const BULK_LIST_EXAMPLES: Record<string, NamedExample> = {
  page: {
    summary: 'One file, no more pages',
    value: { data: [progress], meta: { ...meta, next_cursor: null, has_more: false } },
  },
};

export const BULK_RESULTS_EXAMPLE =
  'vat_number;reference;trader_name;normalised_vat_number;valid;company_name;company_address;source;source_status;consultation_number;validation_id;error_code;match_name;match_company_type;match_street;match_postcode;match_city;match_method\n' +
  'DE123456704;customer-4711;Musterfirma;DE123456704;true;Musterfirma Test GmbH;;vies;live;;val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c;;partial;not_processed;not_processed;not_processed;not_processed;computed\n' +
  'NL123456782B01;customer-4712;Testbedrijf;NL123456782B01;true;Testbedrijf B.V.;"Teststraat 1, 1234 AB Amsterdam";vies;live;;val_019b7a2e4c1e7a8b9c0d1e2f3a4b5c6d;;match;not_processed;not_processed;not_processed;not_processed;computed\n' +
  'DE12345;customer-4713;Typo GmbH;;;;;;;;;invalid_vat_format;;;;;;\n';
