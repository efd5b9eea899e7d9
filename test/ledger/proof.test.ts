import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { answerBasis } from '../../src/ledger/proof.js';
import { sealLedger } from '../../src/ledger/sealer.js';
import { getBytes, pdfText } from '../decisions/api-support.js';
import { useLiveApp, validate } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestApp } from '../helpers/harness.js';
import { checkProofOf, jcs, sha256 } from '../helpers/proof-check.js';
import { expectError } from '../http/support.js';

/**
 * GET /v1/validations/{id}/proof (wave-2 A6, ruling L6): a proof is checked here with nothing but
 * its JSON and node:crypto, by the procedure of docs/evidence-and-ledger.md written out afresh
 * (RFC 8785, RFC 6962-style leaves and nodes, the seal header hash), not with the service's code;
 * the PDF's text, extracted with pdftotext (poppler-utils), names the number, the consultation
 * number and the record hash.
 */

// biome-ignore lint/suspicious/noExplicitAny: the proof is read as plain JSON, as a client would
function checkProof(proof: any): { recordOk: boolean; rootOk: boolean; sealOk: boolean } {
  const { leafOk, rootOk, sealOk } = checkProofOf(proof, 'record');
  return { recordOk: leafOk, rootOk, sealOk };
}

const EU_REQUESTER = 'ATU12345675';

/** The text of a record's PDF proof, by pdftotext, with runs of white space as one space. */
async function proofText(app: TestApp, key: string, id: string): Promise<string> {
  const pdf = await getBytes(app, key, `/v1/validations/${id}/proof?format=pdf`);
  expect(pdf.status).toBe(200);
  return pdfText(pdf.bytes).replace(/\s+/g, ' ');
}

/** The newest record of an account for a number (read from the table, as `meta.validation_id` says). */
async function recordIdOf(
  app: TestApp,
  accountId: string,
  vatNumber: string,
  mode: 'live' | 'test' = 'live',
) {
  const row = await app.database.db
    .selectFrom('validations')
    .select('id')
    .where('account_id', '=', accountId)
    .where('vat_number', '=', vatNumber)
    .where('mode', '=', mode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeEachDialect('validation proof', (dialect) => {
  const live = useLiveApp(dialect);

  it('proves a record: hash alone before sealing, then seal and inclusion path, checked with node:crypto only', async () => {
    const { app } = live;
    const account = await app.account('business');
    for (const number of ['NL123456782B01', 'ATU12345675', 'DE123456789'])
      expect((await validate(app, account.live, number)).status).toBe(200);
    const res = await validate(app, account.live, 'DE123456704', { requester_vat_number: EU_REQUESTER });
    expect(res.status, res.text).toBe(200);
    const id = await recordIdOf(app, account.id, 'DE123456704');
    expect((await validate(app, account.live, 'NO900000006MVA')).status).toBe(200);

    const before = await app.request('GET', `/v1/validations/${id}/proof`, { key: account.live });
    expect(before.status, before.text).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^application\/json/);
    expect(before.body.meta).toEqual({ request_id: before.headers.get('x-request-id') });
    const unsealed = before.body.data;
    expect(unsealed).toMatchObject({ sealed: false, seal: null, inclusion_path: null });
    expect(unsealed.record).toMatchObject({
      id,
      vat_number: 'DE123456704',
      valid: true,
      consultation_number: res.body.data.consultation_number,
      evidence: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(unsealed.record).not.toHaveProperty('ledger');
    expect(unsealed.answer_basis).toEqual({
      registry_consulted: true,
      description: 'The registry was asked for this request.',
    });
    expect(checkProof(unsealed).recordOk).toBe(true);
    // A number its check digits settle: no registry behind the answer, and the proof says so.
    const local = await recordIdOf(app, account.id, 'DE123456789');
    const localProof = await app.request('GET', `/v1/validations/${local}/proof`, { key: account.live });
    expect(localProof.body.data.record.source).toBe('checksum');
    expect(localProof.body.data.answer_basis).toEqual({
      registry_consulted: false,
      description: expect.stringContaining('No registry was consulted'),
    });

    app.clock.advance(120_000);
    const seal = await sealLedger({ ledger: app.services.ledger, clock: app.clock, intervalMs: 60_000 });
    expect(seal?.count).toBeGreaterThanOrEqual(5);

    const after = await app.request('GET', `/v1/validations/${id}/proof?format=json`, { key: account.live });
    expect(after.status, after.text).toBe(200);
    const proof = after.body.data;
    expect(proof).toMatchObject({ sealed: true, record_hash: unsealed.record_hash, seal: { id: seal?.id } });
    expect(proof.inclusion_path.length).toBeGreaterThan(0);
    expect(checkProof(proof)).toEqual({ recordOk: true, rootOk: true, sealOk: true });

    // A changed record no longer leads to the seal's root.
    const forged = { ...proof, record: { ...proof.record, valid: false } };
    expect(
      checkProof({ ...forged, record_hash: sha256(Buffer.from([0]), Buffer.from(jcs(forged.record))) })
        .rootOk,
    ).toBe(false);
  });

  it('answers a one-page PDF for Accept: application/pdf and ?format=pdf, readable by pdftotext', async () => {
    const { app } = live;
    const account = await app.account('business');
    const res = await validate(app, account.live, 'DE123456704', { requester_vat_number: EU_REQUESTER });
    expect(res.status, res.text).toBe(200);
    const id = await recordIdOf(app, account.id, 'DE123456704');
    app.clock.advance(120_000);
    await sealLedger({ ledger: app.services.ledger, clock: app.clock, intervalMs: 60_000 });
    const json = await app.request('GET', `/v1/validations/${id}/proof`, { key: account.live });
    const proof = json.body.data;

    const dir = mkdtempSync(join(tmpdir(), 'proof-'));
    try {
      for (const [path, headers] of [
        [`/v1/validations/${id}/proof`, { accept: 'application/pdf' }],
        [`/v1/validations/${id}/proof?format=pdf`, {}],
      ] as const) {
        const response = await fetch(`${app.url}${path}`, {
          headers: { authorization: `Bearer ${account.live}`, ...headers },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const file = join(dir, 'proof.pdf');
        writeFileSync(file, bytes);
        expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/^Pages:\s+1$/m);
        const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
        expect(text).toContain('DE123456704');
        expect(text).toContain(res.body.data.consultation_number);
        expect(text).toContain(proof.record_hash);
        expect(text).toContain(proof.seal.id);
        expect(text).toMatch(/VALID/);
        expect(text.replace(/\s+/g, ' ')).toContain('The registry was asked for this request.');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says of a test-mode proof, in JSON and in the PDF, that it is one and that no registry was consulted', async () => {
    const { app } = live;
    const account = await app.account('business');
    const dir = mkdtempSync(join(tmpdir(), 'proof-'));
    try {
      // Test mode's magic numbers answered fresh, "cached" and "stale": none of them asked a registry.
      for (const number of ['DE123456704', 'DE123456712', 'DE555555502']) {
        expect((await validate(app, account.test, number)).status).toBe(200);
        const id = await recordIdOf(app, account.id, number, 'test');
        const json = await app.request('GET', `/v1/validations/${id}/proof`, { key: account.test });
        expect(json.status, json.text).toBe(200);
        expect(json.body.data.record).toMatchObject({ mode: 'test', source: 'test', evidence: null });
        expect(json.body.data.answer_basis, number).toEqual({
          registry_consulted: false,
          description:
            'Test mode: the service answered from its test numbers. No registry was consulted, so the answer says nothing about the registration of this number.',
        });

        const response = await fetch(`${app.url}/v1/validations/${id}/proof?format=pdf`, {
          headers: { authorization: `Bearer ${account.test}` },
        });
        expect(response.status).toBe(200);
        const file = join(dir, `${number}.pdf`);
        writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/^Pages:\s+1$/m);
        const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
        expect(text).toContain('Proof of a test-mode VAT number check');
        expect(text).toContain('no registry was consulted');
        expect(text).toContain('Answered at');
        expect(text, number).not.toMatch(
          /asked for this request|asked the registry|registry checked at|what the registry answered|registry.s earlier answer|earlier registry answer|issued none/i,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sets names and addresses in any European script in the PDF as the registry gave them', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    // The PDF standard fonts hold Windows-1252 only: these came out as other glyphs.
    sim.addCompany({
      vatNumber: 'EL123456709',
      name: 'Ελληνικά Ελαιόλαδα Α.Ε.',
      addressLines: ['Οδός Ερμού 8', '10563 Αθήνα'],
      vatRegistered: true,
    });
    sim.addCompany({
      vatNumber: 'ATU12345675',
      name: 'Äpfel & Söhne Großhandel GmbH',
      addressLines: ['Mariahilfer Straße 12', '1070 Wien'],
      vatRegistered: true,
    });
    sim.addCompany({
      vatNumber: 'CZ25123891',
      name: 'Řezbářství Čapek s.r.o.',
      addressLines: ['Dlouhá 12', '370 01 České Budějovice'],
      vatRegistered: true,
    });
    const expected: Record<string, string[]> = {
      EL123456709: ['Ελληνικά Ελαιόλαδα Α.Ε.', 'Οδός Ερμού 8, 10563 Αθήνα'],
      ATU12345675: ['Äpfel & Söhne Großhandel GmbH', 'Mariahilfer Straße 12'],
      CZ25123891: ['Řezbářství Čapek s.r.o.', 'České Budějovice'],
      PL5211355116: ['Wisła Meble Sp. z o.o.', 'ul. Marszałkowska 1'],
      LV40003521600: ['Brīvības iela 30, Rīga'],
      NO900000006MVA: ['8900 BRØNNØYSUND'],
    };
    for (const [number, parts] of Object.entries(expected)) {
      const res = await validate(app, account.live, number);
      expect(res.status, res.text).toBe(200);
      const text = await proofText(app, account.live, res.body.meta.validation_id);
      for (const part of parts) expect(text, number).toContain(part);
    }
  });

  it('names the registry, its endpoint and when it was asked: for a stale answer, when the cache was filled', async () => {
    const { app, sim } = live;
    const account = await app.account('business');
    const filledAt = app.clock.now();
    expect((await validate(app, account.live, 'LV40003521600')).status).toBe(200);
    // Past the cache's TTL (24 h by default), with VIES down: the stale answer.
    app.clock.advance(25 * 3_600_000);
    sim.setBehaviour('vies', { mode: 'fault', fault: 'MS_UNAVAILABLE' });
    const stale = await validate(app, account.live, 'LV40003521600');
    expect(stale.body.meta).toMatchObject({ stale: true, source_status: 'unavailable' });
    const id = stale.body.meta.validation_id;

    const proof = (await app.request('GET', `/v1/validations/${id}/proof`, { key: account.live })).body.data;
    expect(proof.registry_exchange).toEqual({
      registry: 'vies',
      registry_name: 'EU VIES',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/vies\/services\/checkVatService$/),
      method: 'POST',
      requested_at: new Date(filledAt).toISOString(),
      duration_ms: expect.any(Number),
      response_status: 200,
    });
    // Outside the hashed record: the proof still checks.
    expect(checkProof(proof).recordOk).toBe(true);

    const text = await proofText(app, account.live, id);
    expect(text).toContain(`Registry endpoint: POST ${proof.registry_exchange.url}`);
    const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    expect(text).toContain(`Registry asked at: ${utc(filledAt)}`);
    expect(text).toContain(
      `Served from the cache at: ${utc(app.clock.now())}, the registry being unavailable then`,
    );
    expect(text).toContain('the answer came from the cache');
  });

  it("shows an HMRC consultation number, and never another account's requester in the endpoint", async () => {
    const { app } = live;
    const owner = await app.account('business');
    const other = await app.account('business');
    const checked = await validate(app, owner.live, 'GB123456727', { requester_vat_number: 'GB200000179' });
    expect(checked.status, checked.text).toBe(200);
    const consultation = checked.body.data.consultation_number;
    expect(consultation).toEqual(expect.any(String));
    const ownText = await proofText(app, owner.live, checked.body.meta.validation_id);
    expect(ownText).toContain(`Consultation number: ${consultation}`);
    expect(ownText).toContain('Requester VAT number: GB200000179');
    expect(ownText).toContain('HM Revenue & Customs');

    // Another account's cached answer rests on the same exchange: its requester stays hidden.
    const cached = await validate(app, other.live, 'GB123456727');
    expect(cached.body.meta).toMatchObject({ cached: true });
    const proof = (
      await app.request('GET', `/v1/validations/${cached.body.meta.validation_id}/proof`, { key: other.live })
    ).body.data;
    expect(proof.registry_exchange.registry).toBe('hmrc');
    expect(proof.registry_exchange.url).not.toContain('200000179');
    const otherText = await proofText(app, other.live, cached.body.meta.validation_id);
    expect(otherText).not.toContain('200000179');
    expect(otherText).not.toContain(consultation);
  });

  it("is 404 for another account's, the other mode's or an unknown id; 422 for a bad format", async () => {
    const { app } = live;
    const owner = await app.account('business');
    const stranger = await app.account('business');
    expect((await validate(app, owner.live, 'ATU12345675')).status).toBe(200);
    const id = await recordIdOf(app, owner.id, 'ATU12345675');
    expect((await app.request('GET', `/v1/validations/${id}/proof`, { key: owner.live })).status).toBe(200);
    expectError(
      await app.request('GET', `/v1/validations/${id}/proof`, { key: stranger.live }),
      404,
      'not_found',
    );
    expectError(
      await app.request('GET', `/v1/validations/${id}/proof`, { key: owner.test }),
      404,
      'not_found',
    );
    expectError(
      await app.request('GET', '/v1/validations/val_00000000000000000000000000000000/proof', {
        key: owner.live,
      }),
      404,
      'not_found',
    );
    expectError(
      await app.request('GET', `/v1/validations/${id}/proof?format=docx`, { key: owner.live }),
      422,
      'validation_error',
    );
    expectError(
      await app.request('GET', `/v1/validations/${id}/proof?verbose=1`, { key: owner.live }),
      422,
      'validation_error',
    );
    expectError(await app.request('GET', `/v1/validations/${id}/proof`), 401, 'unauthorized');

    // A test key proves its own test-mode records (no evidence).
    expect((await validate(app, owner.test, 'ATU12345675')).status).toBe(200);
    const testId = await recordIdOf(app, owner.id, 'ATU12345675', 'test');
    const testProof = await app.request('GET', `/v1/validations/${testId}/proof`, {
      key: owner.test,
    });
    expect(testProof.status, testProof.text).toBe(200);
    expect(testProof.body.data.record).toMatchObject({ mode: 'test', evidence: null });
    expect(checkProof(testProof.body.data).recordOk).toBe(true);
  });
});

it('says of a degraded answer and of a Polish white-list answer what they rest on', () => {
  const live = { mode: 'live' as const };
  expect(answerBasis({ ...live, source: 'vies', source_status: 'degraded' }).description).toMatch(
    /earlier answer.*“not registered”.*false answer/,
  );
  expect(answerBasis({ ...live, source: 'kas', source_status: 'fallback' }).description).toMatch(
    /domestic VAT status.*not the registration for intra-EU supplies/,
  );
  expect(answerBasis({ ...live, source: 'ares', source_status: 'fallback' }).description).toBe(
    'The member state’s own register answered because VIES could not.',
  );
});
