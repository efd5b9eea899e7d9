import { type Static, Type } from '@sinclair/typebox';
import { type ApiError, ErrorObject } from '../errors.js';
import {
  answerMetaProperties,
  recordMetaProperties,
  storedData,
  type ValidationAnswer,
  ValidationData,
} from './answer.js';

/**
 * One item of a batch result (spec 2.4, decisions section 8), the same in the sync batch response
 * and in `batch.completed`: the answer with its record's id and reference, or the error with the
 * input exactly as sent.
 */
export const BatchItem = Type.Union(
  [
    Type.Object({
      data: Type.Ref(ValidationData),
      meta: Type.Object({ ...answerMetaProperties, ...recordMetaProperties }),
    }),
    Type.Object({ error: Type.Ref(ErrorObject), meta: Type.Object({ vat_number: Type.String() }) }),
  ],
  { $id: 'BatchItem' },
);

export type BatchItem = Static<typeof BatchItem>;

export const BatchSummary = Type.Object({
  total: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
});

/**
 * A number's answer: its meta adds the record's id (duplicates of one number share it) and the
 * reference that applied to this position.
 */
export function successItem(
  answer: ValidationAnswer,
  validationId: string,
  reference: string | null,
): BatchItem {
  return { data: storedData(answer.data), meta: { ...answer.meta, validation_id: validationId, reference } };
}

export function failureItem(
  docsBase: string,
  input: string,
  error: Pick<ApiError, 'code' | 'message'>,
): BatchItem {
  return {
    error: {
      code: error.code,
      message: error.message,
      docs_url: `${docsBase}/errors/${error.code}`,
      vat_number: input,
    },
    meta: { vat_number: input },
  };
}
