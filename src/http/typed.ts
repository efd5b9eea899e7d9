import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

/** The scope with request and reply types derived from each route's TypeBox schemas. */
export function typed(scope: FastifyInstance) {
  return scope.withTypeProvider<TypeBoxTypeProvider>();
}
