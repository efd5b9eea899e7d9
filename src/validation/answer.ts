import { type SchemaOptions, type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * The validation result (spec 2.2) and the meta that describes it (decisions section 2), as every
 * channel returns them: one TypeBox definition, from which the types below, the response
 * serialisers and the OpenAPI document are all derived.
 */

/** `schema` or null; `options` (a description) go on the union, where a document shows them. */
export const Nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}) =>
  Type.Union([schema, Type.Null()], options);
export const IsoTime = Type.String({ format: 'date-time', description: 'ISO 8601 UTC timestamp' });

export const Company = Type.Object(
  { name: Nullable(Type.String()), address: Nullable(Type.String()) },
  { description: 'A part the registry withholds is null' },
);

const FieldOutcome = (field: string) =>
  Type.Union(
    [Type.Literal('match'), Type.Literal('partial'), Type.Literal('mismatch'), Type.Literal('not_processed')],
    { description: `How the ${field} sent compares with the registered one` },
  );

/**
 * The comparison of the trader fields sent with what the registry holds
 * (docs/matching.md): `not_processed` when the field was not sent or the registry withholds it.
 */
export const MatchResult = Type.Object(
  {
    name: FieldOutcome('name'),
    company_type: FieldOutcome('legal form'),
    street: FieldOutcome('street'),
    postcode: FieldOutcome('postcode'),
    city: FieldOutcome('city'),
    method: Type.Union([Type.Literal('registry'), Type.Literal('computed')], {
      description:
        '`registry`: the registry compared (VIES approximate check, the German federal tax office); `computed`: the service compared what the registry returned',
    }),
  },
  {
    description: 'Each `trader_*` field sent compared with the registered data (docs/matching.md)',
  },
);

export const ValidationData = Type.Object(
  {
    valid: Type.Boolean(),
    vat_number: Type.String({ description: 'The normalised number, e.g. DE123456704' }),
    country_code: Type.String({ minLength: 2, maxLength: 2 }),
    company: Type.Union([Company, Type.Null()], { description: 'null when invalid' }),
    consultation_number: Type.Optional(
      Nullable(Type.String({ description: 'Present on fresh answers; absent on cached ones' })),
    ),
    requested_at: IsoTime,
    match: Nullable(MatchResult, {
      description:
        'How the trader fields sent compare with the registered data; null when no `trader_*` field was sent',
    }),
  },
  { $id: 'ValidationData' },
);

export const SOURCES = [
  'vies',
  'hmrc',
  'uid',
  'brreg',
  'abr',
  // National registers answering when VIES cannot (docs/fallbacks.md); `kas` states Poland's
  // domestic VAT status, not the intra-EU registration VIES reflects.
  'kas',
  'ares',
  'anaf',
  // Germany's federal tax office, for qualified confirmations asked by a German requester.
  'bzst',
  'checksum',
  'format',
  'test',
] as const;
/** `fallback`: a national register answered because VIES could not (docs/fallbacks.md). */
export const SOURCE_STATUSES = [
  'live',
  'cached',
  'unavailable',
  'degraded',
  'unverified',
  'fallback',
] as const;

/** The meta members that describe an answer. */
export const answerMetaProperties = {
  cached: Type.Boolean(),
  cached_at: Type.Optional(IsoTime),
  stale: Type.Optional(Type.Boolean()),
  source: Type.Union(
    SOURCES.map((source) => Type.Literal(source)),
    {
      description:
        "Who answered: a registry, a national register standing in for VIES (`kas`: Poland's domestic VAT status, not the intra-EU VAT-UE registration; `ares`; `anaf`), or the service itself (`checksum`, `format`, `test`)",
    },
  ),
  source_status: Type.Union(
    SOURCE_STATUSES.map((status) => Type.Literal(status)),
    { description: "`fallback`: VIES could not answer and the member state's own register did" },
  ),
};

export const AnswerMeta = Type.Object(answerMetaProperties, { $id: 'AnswerMeta' });

/** A validation record's id. */
export const ValidationId = Type.String({
  pattern: '^val_[0-9a-f]{32}$',
  description: 'The record of this answer: `GET /v1/validations/{id}`',
  examples: ['val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c'],
});

/** The meta members that tie an answer to its record and to the caller's own id. */
export const recordMetaProperties = {
  validation_id: ValidationId,
  reference: Type.Union([Type.String(), Type.Null()], {
    description: 'The `reference` sent with the number (trimmed), or null when none was sent',
    examples: ['customer-4711'],
  }),
};

/**
 * An answer's data as stored with an async item or a batch: those kept before `match` was always
 * present lack it, and it reads as null.
 */
export function storedData(data: ValidationData): ValidationData {
  return data.match === undefined ? { ...data, match: null } : data;
}

export type Company = Static<typeof Company>;
export type MatchResult = Static<typeof MatchResult>;
export type ValidationData = Static<typeof ValidationData>;
export type ValidationMeta = Static<typeof AnswerMeta>;
export type Source = ValidationMeta['source'];
export type SourceStatus = ValidationMeta['source_status'];

export interface ValidationAnswer {
  data: ValidationData;
  meta: ValidationMeta;
  /**
   * The registry exchange the answer rests on, kept as evidence (the cache keeps the one it was
   * filled from); absent for answers that rest on none (check digits, format, test mode).
   */
  evidence?: EvidenceRef;
}

/** Evidence by id, with the SHA-256 of its reply (what a record's hash covers). */
export interface EvidenceRef {
  id: string;
  sha256: string;
}

/** Company per decisions section 3: null when invalid, and when the registry gives neither part. */
export function companyOf(valid: boolean, name: string | null, address: string | null): Company | null {
  if (!valid || (name === null && address === null)) return null;
  return { name, address };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
