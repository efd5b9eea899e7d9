import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { inclusionPath, leafHash, merkleRoot, sealHash } from '../../ledger/hashing.js';
import {
  answerBasis,
  type HashedRecord,
  proofOf,
  proofPdf,
  ValidationProof,
  type ValidationProofView,
} from '../../ledger/proof.js';
import type { LedgerStore } from '../../store/ledger.js';
import { AUTH_ERRORS, answerHeaders, errorResponses, RequestMeta } from '../schemas/common.js';
import { EXAMPLE_REQUEST_ID } from '../schemas/examples.js';
import { typed } from '../typed.js';

const IdParams = Type.Object({
  id: Type.String({
    maxLength: 100,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'A validation record id (`val_…`), as in `meta.validation_id`',
    examples: ['val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c'],
  }),
});

export const ProofQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('pdf')], {
        description: '`pdf` for the one-page PDF (as `Accept: application/pdf`); default JSON',
        examples: ['pdf'],
      }),
    ),
  },
  { additionalProperties: false },
);

const DESCRIPTION = `The proof that a check was made and has not been changed since: the record exactly as it is hashed (\`evidence\` is the SHA-256 of the registry's reply), its hash, and once the record is sealed (records are sealed every \`LEDGER_SEAL_SECONDS\`, 60 s by default) its seal and the inclusion path from the record's hash to the seal's root. Before sealing: \`sealed: false\`, \`seal\` and \`inclusion_path\` null. \`evidence_integrity\` says whether the stored registry exchange still hashes to \`record.evidence\` (\`ok\`) or was changed since it was kept (\`mismatch\`); null when the answer rests on no exchange. \`answer_basis\` says in words how the answer came about and whether a registry's reply is behind it (\`registry_consulted\`): a test key's answers, and those settled by the check digits or the format alone, had no registry. \`registry_exchange\` names the registry and endpoint asked and when (for a cached or stale answer: when the cache was filled), null without an exchange.

To check it offline: leaf = SHA-256(0x00 ‖ RFC 8785 canonical JSON of \`record\`) must equal \`record_hash\`; fold \`inclusion_path\` (each step: SHA-256(0x01 ‖ left ‖ right), the step's \`hash\` on its \`side\`) to get \`seal.root\`; SHA-256 of RFC 8785 of \`{ previous_hash, root, count, from, to }\` is \`seal.hash\`. The docs page *Evidence and ledger* has a ten-line script.

With \`Accept: application/pdf\` or \`?format=pdf\`: a one-page PDF in plain words for a tax auditor (number, result, company, registry, endpoint and how the answer came about, consultation number, when the registry was asked and when the request was made, request id, reference, record hash and seal); a test-mode proof says it is one, and that no registry was consulted. When the stored exchange fails its hash, the PDF says so in a warning under its title.

- **Worth knowing**: 404 \`not_found\` for an id that does not exist or belongs to another account or key mode; records removed by retention (\`EVIDENCE_RETENTION_DAYS\`) are gone too.`;

/** `?format=` decides; else the Accept header: a PDF when it names application/pdf before any JSON. */
export function wantsPdf(format: string | undefined, accept: string | undefined): boolean {
  if (format !== undefined) return format === 'pdf';
  const types = (accept ?? '').toLowerCase().split(',');
  const pdf = types.findIndex((type) => type.trim().startsWith('application/pdf'));
  const json = types.findIndex((type) => /^\s*(application\/json|application\/\*|\*\/\*)/.test(type));
  return pdf !== -1 && (json === -1 || pdf < json);
}

/** A proof as JSON in the envelope, or as its PDF when the request asks for one (`wantsPdf`). */
export async function sendProof(
  request: { id: string; query: { format?: string }; headers: { accept?: string } },
  reply: FastifyReply,
  proof: unknown,
  options: { id: string; pdf: () => Promise<Buffer> },
): Promise<FastifyReply> {
  if (wantsPdf(request.query.format, request.headers.accept))
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="proof-${options.id}.pdf"`)
      .send(await options.pdf());
  return reply
    .type('application/json; charset=utf-8')
    .send({ data: proof, meta: { request_id: request.id } });
}

/** GET /v1/validations/{id}/proof: the record's proof as JSON or a one-page PDF. */
export function validationProofRoutes(scope: FastifyInstance, ledger: LedgerStore): void {
  const app = typed(scope);
  app.addSchema(ValidationProof);
  app.get(
    '/v1/validations/:id/proof',
    {
      schema: {
        operationId: 'getValidationProof',
        tags: ['validation'],
        summary: "A record's proof: hash, seal, inclusion path (JSON or PDF)",
        description: DESCRIPTION,
        params: IdParams,
        querystring: ProofQuery,
        response: {
          200: {
            description: 'The proof',
            ...answerHeaders(),
            content: {
              'application/json': {
                schema: Type.Object({ data: Type.Ref(ValidationProof), meta: RequestMeta }),
                examples: PROOF_EXAMPLES,
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
      const proof = await proofOf(ledger, request.principal, request.params.id);
      return sendProof(request, reply, proof, { id: proof.record.id, pdf: () => proofPdf(proof) });
    },
  );
}

/** Example proofs made with the ledger's own hashing: a real record hash, root and path. */
const PROOF_EXAMPLES = (() => {
  const record = {
    id: 'val_019b7a2e4c1d7f3a9b2c4d6e8f0a1b2c',
    account_id: 'acc_4Jd8sK2mQ9',
    mode: 'live' as const,
    request_id: EXAMPLE_REQUEST_ID,
    reference: 'customer-4711',
    channel: 'sync' as const,
    batch_id: null,
    bulk_id: null,
    monitor_id: null,
    vat_number: 'ATU12345675',
    country_code: 'AT',
    valid: true,
    company: { name: 'Muster Handels GmbH', address: 'Hauptstraße 1, 1010 Wien' },
    consultation_number: 'WAPIAAAAY7b2kQx1',
    requested_at: '2026-03-02T09:30:00.412Z',
    requester_vat_number: 'DE136695976',
    match: null,
    source: 'vies',
    source_status: 'live',
    cached: false,
    cached_at: null,
    stale: false,
    created_at: '2026-03-02T09:30:00.431Z',
    evidence: createHash('sha256').update('<soap:Envelope>…</soap:Envelope>').digest('hex'),
  } satisfies typeof HashedRecord.static;
  const exchange = {
    registry: 'vies',
    registry_name: 'EU VIES',
    url: 'https://ec.europa.eu/taxation_customs/vies/services/checkVatService',
    method: 'POST',
    requested_at: '2026-03-02T09:30:00.187Z',
    duration_ms: 214,
    response_status: 200,
  };
  const recordHash = leafHash(record);
  const leaves = ['a', recordHash, 'b'].map((leaf) =>
    leaf === recordHash ? leaf : createHash('sha256').update(leaf).digest('hex'),
  );
  const header = {
    previous_hash: createHash('sha256').update('previous seal').digest('hex'),
    root: merkleRoot(leaves),
    count: leaves.length,
    from: '2026-03-02T09:30:00.000Z',
    to: '2026-03-02T09:31:00.000Z',
  };
  const sealed: ValidationProofView = {
    record,
    answer_basis: answerBasis(record),
    registry_exchange: exchange,
    record_hash: recordHash,
    evidence_integrity: 'ok',
    sealed: true,
    seal: {
      id: 'seal_000000004711',
      ...header,
      hash: sealHash(header),
      sealed_at: '2026-03-02T09:32:00.118Z',
    },
    inclusion_path: inclusionPath(leaves, 1),
  };
  const unsealed: ValidationProofView = {
    record,
    answer_basis: answerBasis(record),
    registry_exchange: exchange,
    record_hash: recordHash,
    evidence_integrity: 'ok',
    sealed: false,
    seal: null,
    inclusion_path: null,
  };
  const meta = { request_id: EXAMPLE_REQUEST_ID };
  return {
    sealed: { summary: 'A sealed record: hash, seal and inclusion path', value: { data: sealed, meta } },
    unsealed: { summary: 'Not sealed yet: the record hash alone', value: { data: unsealed, meta } },
  };
})();
