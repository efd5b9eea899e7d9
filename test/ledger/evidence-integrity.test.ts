import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { sealLedger } from '../../src/ledger/sealer.js';
import { useLiveApp, validate } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import type { TestAccount, TestApp } from '../helpers/harness.js';
import { cli } from './support.js';

/**
 * Evidence whose stored bytes were edited in the database after a real validation (SQL UPDATE on
 * the evidence row, as the attack did): `ledger verify` names every record resting on it and the
 * part edited, exit 1; the record read, the JSON proof and the PDF proof say `mismatch` instead of
 * serving the edited reply as if it were the registry's.
 */

const NAME = 'Musterfirma Handels GmbH';
const FORGED = 'Someone Else Trading GmbH';

describeEachDialect('evidence integrity', (dialect) => {
  const live = useLiveApp(dialect);

  /** A live answer, a cached answer on the same exchange, sealed, and one more cached after the seal. */
  async function threeRecordsOnOneExchange(app: TestApp, account: TestAccount) {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await validate(app, account.live, 'DE123456704');
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.company.name).toBe(NAME);
      ids.push(res.body.meta.validation_id);
      if (i === 1) {
        app.clock.advance(120_000);
        expect(
          await sealLedger({ ledger: app.services.ledger, clock: app.clock, intervalMs: 60_000 }),
        ).toBeTruthy();
      }
    }
    const rows = await app.database.db
      .selectFrom('validations')
      .select(['id', 'evidence_id', 'seal_id'])
      .where('id', 'in', ids)
      .execute();
    const evidenceIds = new Set(rows.map((row) => row.evidence_id));
    expect(evidenceIds.size).toBe(1);
    expect(rows.filter((row) => row.seal_id !== null)).toHaveLength(2);
    return { ids, evidenceId: [...evidenceIds][0] as string };
  }

  const edit = async (
    app: TestApp,
    evidenceId: string,
    change: (row: { request: string; response_body: string }) => object,
  ) => {
    const row = await app.database.db
      .selectFrom('evidence')
      .select(['request', 'response_body'])
      .where('id', '=', evidenceId)
      .executeTakeFirstOrThrow();
    await app.database.db.updateTable('evidence').set(change(row)).where('id', '=', evidenceId).execute();
  };

  const proofOf = (app: TestApp, key: string, id: string) =>
    app.request('GET', `/v1/validations/${id}/proof`, { key });

  it('an edited reply: verify names each record resting on it; the API, the proof and its PDF say mismatch', async () => {
    const { app } = live;
    const account = await app.account('business');
    const { ids, evidenceId } = await threeRecordsOnOneExchange(app, account);

    const clean = await cli(app.databaseUrl, 'ledger', 'verify');
    expect(clean.out.at(-1), clean.out.join('\n')).toMatch(/: ok$/);
    expect(clean.code).toBe(0);
    const before = await app.request('GET', `/v1/validations/${ids[0]}`, { key: account.live });
    expect(before.body.data.evidence).toMatchObject({ integrity: 'ok' });
    expect((await proofOf(app, account.live, ids[0])).body.data.evidence_integrity).toBe('ok');

    await edit(app, evidenceId, (row) => ({ response_body: row.response_body.replace(NAME, FORGED) }));

    const run = await cli(app.databaseUrl, 'ledger', 'verify');
    expect(run.code).toBe(1);
    const line = (id: string) =>
      `${id}: the reply of its evidence ${evidenceId} does not match the SHA-256 kept with it (the evidence was edited)`;
    expect(run.out.slice(0, -1).sort()).toEqual(ids.map(line).sort());
    expect(run.out.at(-1)).toMatch(/: broken$/);
    const json = JSON.parse((await cli(app.databaseUrl, 'ledger', 'verify', '--json')).out[0]);
    expect(json).toMatchObject({ ok: false });
    expect(json.breaks.sort()).toEqual(ids.map(line).sort());

    for (const id of ids) {
      const res = await app.request('GET', `/v1/validations/${id}`, { key: account.live });
      expect(res.status, res.text).toBe(200);
      // Shown as stored, never corrected, and flagged.
      expect(res.body.data.evidence.response.body).toContain(FORGED);
      expect(res.body.data.evidence.integrity).toBe('mismatch');
      const proof = await proofOf(app, account.live, id);
      expect(proof.body.data.evidence_integrity).toBe('mismatch');
      // The record itself is intact: its hash still proves it.
      expect(proof.body.data.record.company.name).toBe(NAME);
    }

    const dir = mkdtempSync(join(tmpdir(), 'proof-'));
    try {
      const response = await fetch(`${app.url}/v1/validations/${ids[0]}/proof?format=pdf`, {
        headers: { authorization: `Bearer ${account.live}` },
      });
      expect(response.status).toBe(200);
      const file = join(dir, 'proof.pdf');
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/^Pages:\s+1$/m);
      const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
      expect(text).toContain('WARNING: the registry exchange stored for this check no longer matches');
      expect(text).toContain('Stored registry exchange: CHANGED');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an edited request, and both parts edited, are named as such', async () => {
    const { app } = live;
    const account = await app.account('business');
    const { ids, evidenceId } = await threeRecordsOnOneExchange(app, account);

    await edit(app, evidenceId, (row) => ({ request: row.request.replace('123456704', '123456705') }));
    let run = await cli(app.databaseUrl, 'ledger', 'verify');
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      `${ids[2]}: the request of its evidence ${evidenceId} does not match the SHA-256 kept with it (the evidence was edited)`,
    );
    const res = await app.request('GET', `/v1/validations/${ids[2]}`, { key: account.live });
    expect(res.body.data.evidence.integrity).toBe('mismatch');

    await edit(app, evidenceId, (row) => ({ response_body: `${row.response_body} ` }));
    run = await cli(app.databaseUrl, 'ledger', 'verify');
    expect(run.out).toContain(
      `${ids[0]}: the reply and the request of its evidence ${evidenceId} do not match the SHA-256 kept with it (the evidence was edited)`,
    );
  });

  it('a record without evidence has no integrity to show', async () => {
    const { app } = live;
    const account = await app.account('business');
    const checksum = await validate(app, account.live, 'DE123456789');
    expect(checksum.status).toBe(200);
    const id = checksum.body.meta.validation_id;
    expect((await proofOf(app, account.live, id)).body.data.evidence_integrity).toBeNull();
    expect(
      (await app.request('GET', `/v1/validations/${id}`, { key: account.live })).body.data.evidence,
    ).toBeNull();
  });
});
