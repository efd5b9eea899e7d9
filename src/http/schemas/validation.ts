import { Type } from '@sinclair/typebox';
import { IsoTime, Nullable } from './common.js';

export const Company = Nullable(
  Type.Object(
    { name: Nullable(Type.String()), address: Nullable(Type.String()) },
    { description: 'null when invalid' },
  ),
);

/** Spec 2.2, shared by sync, batch, async and webhook events. */
export const ValidationData = Type.Object(
  {
    valid: Type.Boolean(),
    vat_number: Type.String({ description: 'The normalised number, e.g. DE123456704' }),
    country_code: Type.String({ minLength: 2, maxLength: 2 }),
    company: Company,
    consultation_number: Type.Optional(
      Nullable(Type.String({ description: 'Present on fresh answers; absent on cached ones' })),
    ),
    requested_at: IsoTime,
  },
  { $id: 'ValidationData' },
);

const SOURCES = ['vies', 'hmrc', 'uid', 'brreg', 'abr', 'checksum', 'format', 'test'] as const;
const STATUSES = ['live', 'cached', 'unavailable', 'degraded', 'unverified'] as const;

/** The meta members that describe an answer (decisions section 2). */
export const AnswerMetaProperties = {
  cached: Type.Boolean(),
  cached_at: Type.Optional(IsoTime),
  stale: Type.Optional(Type.Boolean()),
  source: Type.Union(SOURCES.map((s) => Type.Literal(s))),
  source_status: Type.Union(STATUSES.map((s) => Type.Literal(s))),
};

export const AnswerMeta = Type.Object(AnswerMetaProperties, { $id: 'AnswerMeta' });

export const BatchItem = Type.Union(
  [
    Type.Object({ data: Type.Ref('ValidationData'), meta: Type.Ref('AnswerMeta') }),
    Type.Object({
      error: Type.Ref('ErrorObject'),
      meta: Type.Object({ vat_number: Type.String() }),
    }),
  ],
  { $id: 'BatchItem' },
);

export const BatchSummary = Type.Object({
  total: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
});
