import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DecisionProof, decisionProofOf, decisionProofPdf } from '../../decisions/decision-proof.js';
import type { LedgerStore } from '../../store/ledger.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, RequestMeta } from '../schemas/common.js';
import type { NamedExample } from '../schemas/examples.js';
import { typed } from '../typed.js';
import { DecisionIdParams } from './decisions.js';
import { ProofQuery, sendProof } from './validation-proof.js';

const DESCRIPTION = `The proof that a decision was made as shown and has not been changed since: the decision exactly as hashed, its hash, and once sealed (decisions are sealed with the validation records, every \`LEDGER_SEAL_SECONDS\`) its seal and the inclusion path from its hash to the seal's root, checked offline as a validation record's proof is (*Evidence and ledger* in the documentation). \`buyer_record\` names the validation record of the buyer's number the decision rests on, with its hash, how its answer came about (a test key's check says no registry was consulted), the company, consultation number and requester number it gave; its own proof is at \`GET /v1/validations/{id}/proof\`.

With \`Accept: application/pdf\` or \`?format=pdf\`: a one-page PDF in plain words (the sale, the treatment, rate, note and reasons, the check of the buyer's number, the hashes and the seal).

- **Worth knowing**: 404 \`not_found\` for an id that does not exist or belongs to another account or key mode. Any tier: a decision already made stays provable after the account moves to a lower tier.`;

/** GET /v1/decisions/{id}/proof: a decision's proof as JSON or a one-page PDF. */
export function decisionProofRoutes(
  scope: FastifyInstance,
  ledger: LedgerStore,
  examples: Record<string, NamedExample>,
): void {
  const app = typed(scope);
  app.addSchema(DecisionProof);
  app.get(
    '/v1/decisions/:id/proof',
    {
      schema: {
        operationId: 'getDecisionProof',
        tags: ['decisions'],
        summary: "A decision's proof: hash, seal, inclusion path (JSON or PDF)",
        description: DESCRIPTION,
        params: DecisionIdParams,
        querystring: ProofQuery,
        response: {
          200: {
            description: 'The proof',
            ...answerHeaders(),
            content: {
              'application/json': {
                schema: Type.Object({ data: Type.Ref(DecisionProof), meta: RequestMeta }),
                examples,
              },
              'application/pdf': {
                schema: Type.String({ contentMediaType: 'application/pdf', description: 'A one-page PDF' }),
              },
            },
          },
          ...errorResponses([...AUTH_ERRORS, 'validation_error', 'not_found']),
        },
      },
    },
    async (request, reply) => {
      const proof = await decisionProofOf(ledger, request.principal, request.params.id);
      return sendProof(request, reply, proof, { id: proof.decision.id, pdf: () => decisionProofPdf(proof) });
    },
  );
}
