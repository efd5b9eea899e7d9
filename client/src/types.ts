import type { operations, webhooks } from './schema.js';

/**
 * Shapes of the service's operations, taken from the types generated from its OpenAPI document
 * (schema.ts), by operation id: the SDK writes no shape of its own.
 */

export type OperationId = keyof operations;

/** The query parameters of an operation. */
export type QueryOf<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;

/** The JSON body of an operation. */
export type BodyOf<K extends OperationId> = operations[K] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

type Responses<K extends OperationId> = operations[K]['responses'];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202>;

/** The success answer of an operation in one media type (JSON unless named). */
export type AnswerOf<K extends OperationId, Media extends string = 'application/json'> = {
  [S in SuccessStatus<K>]: Responses<K>[S] extends { content: { [M in Media]: infer Answer } }
    ? Answer
    : never;
}[SuccessStatus<K>];

/** The items of a paged list's answer. */
export type ItemOf<K extends OperationId> = AnswerOf<K> extends { data: Array<infer Item> } ? Item : never;

/** Every kind of event the service sends (`type` of the body). */
export type WebhookEventType = keyof webhooks;

/** The body of one kind of event. */
export type WebhookEventOf<E extends WebhookEventType> = webhooks[E]['post'] extends {
  requestBody: { content: { 'application/json': infer Event } };
}
  ? Event
  : never;

/** Any event the service sends: narrow it on `type`. */
export type WebhookEvent = { [E in WebhookEventType]: WebhookEventOf<E> }[WebhookEventType];
