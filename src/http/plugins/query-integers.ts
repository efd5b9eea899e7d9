import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

/** A query value that is a whole number as written: digits alone, no sign, point or exponent. */
const DIGITS = /^[0-9]+$/;

/**
 * Query parameters typed `integer` (a page's `limit`), so the OpenAPI document says what clients
 * send. Query strings are not coerced (app.ts: a number where a string belongs is refused), so
 * each route whose query schema has integer members gets a hook that turns those members' digits
 * into numbers before validation. Anything else (`1.5`, `1e2`, ` 5`, `-1`, a repeated parameter)
 * stays a string and is refused by the schema as `validation_error`.
 */
export function registerQueryIntegers(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const names = integerMembers(route.schema?.querystring);
    if (names.length === 0) return;
    const own = route.preValidation;
    const hook: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
      const query = request.query as Record<string, unknown>;
      for (const name of names) {
        const value = query[name];
        if (typeof value === 'string' && DIGITS.test(value)) query[name] = Number(value);
      }
    };
    route.preValidation = own === undefined ? [hook] : [hook, ...(Array.isArray(own) ? own : [own])];
  });
}

function integerMembers(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  return Object.entries(properties ?? {})
    .filter(([, member]) => member.type === 'integer')
    .map(([name]) => name);
}
