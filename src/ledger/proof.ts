import { type Static, Type } from '@sinclair/typebox';
import type { Principal } from '../accounts/authenticator.js';
import { ApiError } from '../errors.js';
import { integrityOf } from '../records/evidence-integrity.js';
import {
  EvidenceIntegrity,
  type EvidenceView,
  evidenceView,
  RecordSummary,
  recordBody,
} from '../records/record-shape.js';
import { sourceName } from '../registries/names.js';
import type { LedgerStore, SealRow } from '../store/ledger.js';
import { IsoTime, Nullable } from '../validation/answer.js';
import { inclusionPath } from './hashing.js';
import { FONT, proofPage, utcWords } from './pdf-page.js';

/**
 * A record's proof: the record in the form it is hashed (without `ledger`,
 * `evidence` as the SHA-256 of the registry's reply), its hash, and, once sealed, the seal and
 * the inclusion path from the record's hash to the seal's root. Everything needed to check it
 * offline is in it (docs/evidence-and-ledger.md). Also as a one-page PDF for a tax auditor.
 */

const { ledger: _ledger, ...hashedFields } = RecordSummary.properties;

export const HashedRecord = Type.Object(
  {
    ...hashedFields,
    evidence: Nullable(
      Type.String({ description: "SHA-256 of the registry's reply the answer rests on (lowercase hex)" }),
    ),
  },
  { description: 'The record exactly as hashed: RFC 8785 of this object is the leaf' },
);

export const ProofSeal = Type.Object({
  id: Type.String({ description: 'seal_… (its position in the chain)' }),
  root: Type.String({ description: "Merkle root over the seal's record hashes" }),
  previous_hash: Nullable(Type.String({ description: "The previous seal's hash; null for the first" })),
  hash: Type.String({ description: 'SHA-256 of RFC 8785 of { previous_hash, root, count, from, to }' }),
  count: Type.Integer({ description: 'Records in the seal' }),
  from: IsoTime,
  to: IsoTime,
  sealed_at: IsoTime,
});

export const PathStep = Type.Object({
  side: Type.Union([Type.Literal('left'), Type.Literal('right')], {
    description: 'Where the sibling goes: left = SHA-256(0x01 ‖ sibling ‖ hash)',
  }),
  hash: Type.String(),
});

/** How the record's answer came about, as the JSON proof and the PDF both state it. */
export const AnswerBasis = Type.Object(
  {
    registry_consulted: Type.Boolean({
      description:
        "Whether a registry's reply is what the answer rests on (asked for this request, or earlier and kept in the cache); false for test-mode, check-digit and format-only answers",
    }),
    description: Type.String({
      description: 'How the answer came about, in words',
      examples: ['The registry was asked for this request.'],
    }),
  },
  { description: 'Not part of the hashed record: derived from its `mode`, `source` and `source_status`' },
);

/** The registry exchange a record rests on, as the proof names it (its reply is in the record's evidence). */
export const RegistryExchange = Type.Object(
  {
    registry: Type.String({
      description:
        'Who answered: `vies`, `hmrc`, `uid`, `brreg`, `abr`, or a national register (`ares`, `anaf`, `kas`)',
      examples: ['vies'],
    }),
    registry_name: Type.String({ examples: ['EU VIES'] }),
    url: Type.String({ description: 'The endpoint asked: scheme, host and path, no credentials' }),
    method: Type.String(),
    requested_at: IsoTime,
    duration_ms: Type.Integer(),
    response_status: Type.Integer({ description: "The registry's HTTP status" }),
  },
  {
    description:
      "Not part of the hashed record: the registry exchange behind `record.evidence`, so a proof says which endpoint was asked and when. `requested_at` is when the registry was asked: for a cached or stale answer, when the cache was filled, which may be long before the record's own `requested_at`. Its reply, whose SHA-256 is `record.evidence`, is in `GET /v1/validations/{id}`. Null for an answer without an exchange.",
  },
);

export const ValidationProof = Type.Object(
  {
    record: HashedRecord,
    answer_basis: AnswerBasis,
    registry_exchange: Nullable(RegistryExchange),
    record_hash: Type.String({ description: 'SHA-256(0x00 ‖ RFC 8785 of record), lowercase hex' }),
    evidence_integrity: Type.Union([EvidenceIntegrity, Type.Null()], {
      description:
        'The registry exchange behind `record.evidence`, checked now: `ok` when its stored reply still hashes to `record.evidence` (and its request to the hash kept with it), `mismatch` when the stored evidence was changed since; null without evidence. Outside `record`, so it is not part of what is hashed.',
    }),
    sealed: Type.Boolean({ description: 'false until the next seal closes the record' }),
    seal: Type.Union([ProofSeal, Type.Null()]),
    inclusion_path: Type.Union([Type.Array(PathStep), Type.Null()], {
      description: "From the record's hash to the seal's root; null before sealing",
    }),
  },
  { $id: 'ValidationProof' },
);

export type ValidationProofView = Static<typeof ValidationProof>;
export type AnswerBasisView = Static<typeof AnswerBasis>;

/** Answers no registry took part in, by why not; a test key's answers are all of them. */
const WITHOUT_REGISTRY: Record<string, string> = {
  test: 'Test mode: the service answered from its test numbers. No registry was consulted, so the answer says nothing about the registration of this number.',
  checksum: 'No registry was consulted: the number failed its check digits, which settles it without one.',
  format:
    'No registry was consulted: the country has no register to ask, so only the format of the number was checked.',
  unverified: 'No registry was consulted: the answer is not confirmed by a registry.',
};

/** Answers resting on a registry's reply, by their source status. */
const FROM_REGISTRY: Record<string, string> = {
  live: 'The registry was asked for this request.',
  cached: 'From the registry’s earlier answer, kept in the cache.',
  unavailable: 'From an earlier registry answer, served while the registry was unavailable.',
  degraded:
    'From the registry’s earlier answer, kept in the cache: the registry now said “not registered”, which was taken for a false answer during an incident.',
  fallback: 'The member state’s own register answered because VIES could not.',
};

/** A national register whose answer proves less than VIES's, by its id. */
const NARROWER_FALLBACK: Record<string, string> = {
  kas: 'Poland’s white list of VAT payers answered because VIES could not. It states the domestic VAT status (an active VAT payer), not the registration for intra-EU supplies (VAT-UE) that VIES confirms.',
};

/** How a record's answer came about: whether a registry's reply is behind it, and in words. */
export function answerBasis(
  record: Pick<Static<typeof HashedRecord>, 'mode' | 'source' | 'source_status'>,
): AnswerBasisView {
  const without =
    record.mode === 'test'
      ? WITHOUT_REGISTRY.test
      : (WITHOUT_REGISTRY[record.source] ?? WITHOUT_REGISTRY[record.source_status]);
  if (without) return { registry_consulted: false, description: without };
  const narrower = record.source_status === 'fallback' ? NARROWER_FALLBACK[record.source] : undefined;
  return {
    registry_consulted: true,
    description: narrower ?? FROM_REGISTRY[record.source_status] ?? record.source_status,
  };
}

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function sealView(seal: SealRow): Static<typeof ProofSeal> {
  return {
    id: seal.id,
    root: seal.root,
    previous_hash: seal.previous_hash,
    hash: seal.hash,
    count: Number(seal.count),
    from: iso(seal.from_at),
    to: iso(seal.to_at),
    sealed_at: iso(seal.sealed_at),
  };
}

/** The proof of a record of the principal's account and key mode; 404 for any other id. */
export async function proofOf(
  ledger: LedgerStore,
  principal: Principal,
  id: string,
): Promise<ValidationProofView> {
  const row = await ledger.recordOf(id, principal.accountId, principal.mode);
  if (!row) throw new ApiError('not_found', `No validation record ${id} for this key.`);
  const record = { ...recordBody(row), evidence: row.evidence_sha256 };
  const recordHash = row.record_hash ?? '';
  const evidence = row.evidence_id ? await ledger.evidence(row.evidence_id) : undefined;
  const checked = {
    record,
    answer_basis: answerBasis(record),
    registry_exchange: evidence ? exchangeOf(evidenceView(evidence, principal.accountId)) : null,
    record_hash: recordHash,
    evidence_integrity: evidence ? integrityOf(evidence) : null,
  };
  return { ...checked, ...(await sealedPart(ledger, row)) };
}

/** The proof's account of an exchange: another account's numbers are already hidden from `view`. */
function exchangeOf(view: EvidenceView): Static<typeof RegistryExchange> {
  return {
    registry: view.registry,
    registry_name: sourceName(view.registry),
    url: view.url,
    method: view.method,
    requested_at: view.requested_at,
    duration_ms: view.duration_ms,
    response_status: view.response.status,
  };
}

/** Where a sealed row stands: its seal and the inclusion path from its hash to the seal's root. */
export async function sealedPart(
  ledger: LedgerStore,
  row: { id: string; seal_id: string | null },
): Promise<Pick<ValidationProofView, 'sealed' | 'seal' | 'inclusion_path'>> {
  const seal = row.seal_id ? await ledger.seal(row.seal_id) : undefined;
  if (!seal) return { sealed: false, seal: null, inclusion_path: null };
  const leaves = await ledger.leavesOf(seal.id);
  const index = leaves.findIndex((leaf) => leaf.id === row.id);
  return {
    sealed: true,
    seal: sealView(seal),
    inclusion_path: inclusionPath(
      leaves.map((leaf) => leaf.record_hash ?? ''),
      index,
    ),
  };
}

const REGISTRIES: Record<string, string> = {
  vies: 'VIES, the European Commission’s VAT Information Exchange System',
  hmrc: 'HM Revenue & Customs (United Kingdom), Check a UK VAT number',
  uid: 'UID register of the Swiss Federal Statistical Office',
  brreg: 'Brønnøysund Register Centre (Norway), Central Coordinating Register for Legal Entities',
  abr: 'Australian Business Register, ABN Lookup',
  ares: 'ADIS register of VAT payers of the Czech Financial Administration (with ARES for the name)',
  anaf: 'ANAF register of VAT payers (Romania)',
  kas: 'White list of VAT payers of the Polish Ministry of Finance (KAS)',
  checksum: 'No registry: the number failed its check digits',
  format: 'No registry: the format alone was checked',
  test: 'No registry: a test-mode answer',
};

const EVIDENCE_STATE: Record<'ok' | 'mismatch', string> = {
  ok: 'unchanged: its bytes match their hashes',
  mismatch: 'CHANGED: its bytes no longer match their hashes (see the warning above)',
};

function resultWords(valid: boolean, consulted: boolean): string {
  if (consulted)
    return valid
      ? 'VALID: the registry answered that the number was registered for VAT (at the time below)'
      : 'NOT VALID: the registry answered that the number was not registered for VAT (at the time below)';
  return valid
    ? 'VALID: the number was registered for VAT when it was checked'
    : 'NOT VALID: the number was not registered for VAT when it was checked';
}

/** Why a record has no consultation number, in words. */
function noConsultationNumber(
  record: Pick<ValidationProofView['record'], 'cached' | 'requester_vat_number' | 'source_status'>,
  consulted: boolean,
): string {
  if (!consulted) return 'none (no registry was consulted)';
  if (record.cached)
    return 'none: the answer came from the cache; a consultation number is issued only to a request sent to the registry with a requester VAT number';
  if (record.source_status === 'fallback') return 'none: the national register issues none';
  if (record.requester_vat_number === null)
    return 'none: no requester VAT number was sent, so the registry issued none';
  return 'none (the registry issued none for this check)';
}

/** The proof as a one-page A4 PDF in plain words (pdfkit, fonts embedded). */
export async function proofPdf(proof: ValidationProofView): Promise<Buffer> {
  const { record, seal } = proof;
  const consulted = proof.answer_basis.registry_consulted;
  const test = record.mode === 'test';
  const page = await proofPage(`Proof of ${test ? 'a test-mode ' : ''}VAT number check ${record.id}`);
  const { doc, heading, line, note } = page;

  doc
    .font(FONT.bold)
    .fontSize(16)
    .text(test ? 'Proof of a test-mode VAT number check' : 'Proof of a VAT number check');
  doc
    .font(FONT.regular)
    .fontSize(9)
    .text(
      test
        ? 'This document records a check made with a test key: the service answered it from its test numbers and ' +
            'no registry was consulted, so it is not evidence of any registration. It shows how the record is ' +
            'protected against later changes.'
        : consulted
          ? 'This document records a check of a VAT number made through our service, what the registry answered ' +
            'and how the record is protected against later changes.'
          : 'This document records a check of a VAT number made through our service, how it was answered without ' +
            'a registry, and how the record is protected against later changes.',
    );
  if (proof.evidence_integrity === 'mismatch')
    doc
      .moveDown(0.5)
      .font(FONT.bold)
      .fontSize(10)
      .fillColor('#b00020')
      .text(
        'WARNING: the registry exchange stored for this check no longer matches the hash it was kept with. It ' +
          'was changed after the check, so the stored registry reply cannot be relied on as what the registry sent.',
      )
      .fillColor('black');

  heading('The check');
  line('VAT number', record.vat_number);
  line('Result', resultWords(record.valid, consulted));
  const notGiven = consulted ? 'not given by the registry' : 'none';
  line('Company name', record.company?.name ?? notGiven);
  line('Company address', record.company?.address ?? notGiven);
  line('Registry', test ? REGISTRIES.test : (REGISTRIES[record.source] ?? sourceName(record.source)));
  const exchange = proof.registry_exchange;
  if (exchange) line('Registry endpoint', `${exchange.method} ${exchange.url}`);
  line('How it was answered', proof.answer_basis.description);
  line('Consultation number', record.consultation_number ?? noConsultationNumber(record, consulted));
  line('Requester VAT number', record.requester_vat_number ?? 'none given');
  if (consulted) {
    // When the registry gave the answer: for a cached or stale one, when the cache was filled,
    // not when this request was answered from it.
    line('Registry asked at', utcWords(exchange?.requested_at ?? record.cached_at ?? record.requested_at));
    if (record.cached)
      line(
        'Served from the cache at',
        `${utcWords(record.requested_at)}${record.stale ? ', the registry being unavailable then' : ''}`,
      );
  } else {
    line('Answered at', utcWords(record.requested_at));
    if (record.cached_at) line('Cached answer from', utcWords(record.cached_at));
  }
  line('Request made at', utcWords(record.created_at));

  heading('The request');
  line('Record id', record.id);
  line('Request id', record.request_id);
  line('Your reference', record.reference ?? 'none given');
  line('Channel', record.channel);
  line('Account', `${record.account_id} (${record.mode} mode)`);

  heading('Protection against changes');
  line('Record hash (SHA-256)', proof.record_hash, true);
  line('Registry reply hash (SHA-256)', record.evidence ?? 'none (no registry exchange)', true);
  if (proof.evidence_integrity) line('Stored registry exchange', EVIDENCE_STATE[proof.evidence_integrity]);
  if (seal) {
    page.seal(
      seal,
      'The record hash is computed from the record itself. Together with the other records of the same period it ' +
        'yields the seal root, and every seal carries the hash of the one before it, so no record can be changed, ' +
        'removed or added afterwards without the hashes no longer matching. The JSON form of this proof ' +
        '(GET /v1/validations/{id}/proof) holds everything needed to check this independently; the procedure is ' +
        'described in the service documentation (Evidence and ledger).',
    );
  } else {
    note(
      'Not sealed yet: records are sealed at a fixed interval (by default every minute). Ask for this proof again ' +
        'to receive it with its seal and the inclusion path that ties the record hash to the seal.',
    );
  }
  return page.end();
}
