import { Type } from '@sinclair/typebox';
import { IsoTime } from '../validation/answer.js';

/**
 * The JSON shapes of rates, categories and their changes, defined once: the rates routes answer
 * with them, `rate.changed` carries them, and the OpenAPI document is generated from them.
 */

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const DateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const CategoryRef = Type.Object({
  id: Type.String({
    description: "TEDB's category identifier in lower case (`GET /v1/rates/categories` lists them)",
    examples: ['foodstuffs'],
  }),
  name: Type.String({ description: 'A short English name of the category' }),
});

/** A category of the catalogue (`GET /v1/rates/categories`). */
export const CategoryDescriptionSchema = Type.Object({
  ...CategoryRef.properties,
  description: Type.String({ description: "TEDB's own English text for the category: what it covers" }),
});

const Note = Nullable(
  Type.String(),
  "What restricts the rate, in the member state's words as TEDB gives them (e.g. imports only, a region); null when it applies to the whole category at home",
);

const CATEGORY_TYPE_TEXT =
  "`reduced`, `super_reduced` (below 5 %), `parking` (a parking rate as TEDB labels it), `zero` (0 % with the right to deduct, as the hand-kept data states it), `exempt` (TEDB's `EXEMPTED`: 0 %, TEDB not saying whether input VAT is deductible)";

export const CategoryEntryType = Type.Union(
  (['reduced', 'super_reduced', 'parking', 'zero', 'exempt'] as const).map((type) => Type.Literal(type)),
  { description: CATEGORY_TYPE_TEXT },
);

/** One side of a change: a rate, its type and its note. */
export const RateEntrySchema = Type.Object({
  rate: Type.Number({ description: 'Percent' }),
  type: Type.Union(
    (['standard', 'reduced', 'super_reduced', 'parking', 'zero', 'exempt'] as const).map((type) =>
      Type.Literal(type),
    ),
    {
      description: `\`standard\` for the standard rate; otherwise as a category's entries: ${CATEGORY_TYPE_TEXT}`,
    },
  ),
  note: Note,
});

export const CategoryEntrySchema = Type.Object(
  {
    id: CategoryRef.properties.id,
    name: CategoryRef.properties.name,
    rate: Type.Number({ description: 'Percent' }),
    type: CategoryEntryType,
    note: Note,
    since: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description:
        "The first day from which the service answers this entry: the day it took effect, or for an entry unchanged since TEDB's snapshot the day of the member state's situation it was read from (the data starts there, not when the rate was introduced)",
    }),
  },
  { $id: 'RateCategoryEntry' },
);

export const RateSourceSchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('dataset'), Type.Literal('tedb')], {
      description:
        "`dataset`: the hand-kept rates data shipped with the service; `tedb`: a change a sync applied from the EU's Taxes in Europe Database",
    }),
    retrieved_at: Type.String({
      format: 'date-time',
      description:
        "When the data was retrieved: the hand-kept data's research cut-off, or when TEDB answered",
    }),
    reply_sha256: Nullable(
      Type.String({ pattern: '^[0-9a-f]{64}$' }),
      "SHA-256 (hex) of TEDB's reply the change was read from; null for the hand-kept data",
    ),
  },
  { description: 'Where the standard, reduced and super-reduced rates of this record come from' },
);

export const RateChangedData = Type.Object({
  country_code: Type.String({ description: 'Two-letter code; Greece is EL', examples: ['RO'] }),
  effective_from: { ...DateOnly, description: 'The first day the new rates apply (UTC)' },
  kind: Type.Union(
    (['standard', 'reduced', 'super_reduced', 'category'] as const).map((kind) => Type.Literal(kind)),
    {
      description:
        '`standard`, `reduced` or `super_reduced`: the rates of that type changed; `category`: the rates of one category',
    },
  ),
  category: Type.Union([CategoryRef, Type.Null()], { description: 'The category, for kind `category`' }),
  before: Type.Array(RateEntrySchema, {
    description:
      'What the service answered for that day before the change, highest rate first; empty when there was no such rate (for a category: it was at the standard rate)',
  }),
  after: Type.Array(RateEntrySchema, {
    description:
      'What it answers from `effective_from` on; empty when the rate is gone (a category: now at the standard rate)',
  }),
  source: Type.Object(
    {
      kind: Type.Literal('tedb'),
      retrieved_at: IsoTime,
      reply_sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: "SHA-256 (hex) of TEDB's reply" }),
    },
    { description: 'The TEDB reply the change was read from' },
  ),
});
