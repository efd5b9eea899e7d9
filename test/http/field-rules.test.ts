import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRADER_FIELD_MESSAGE, TRADER_FIELD_NAMES } from '../../src/matching/trader-fields.js';
import { REFERENCE_MESSAGE } from '../../src/records/reference.js';
import { configureWebhook } from '../async/support.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/harness.js';
import { germanNumbers } from '../helpers/numbers.js';
import { OFFLINE_REGISTRIES } from './support.js';

/**
 * One rule per field on every channel: each field that more than one way of sending a number
 * takes (a GET query, the sync batch, the async single and batch, a bulk file's query and cells,
 * the monitor bodies) is walked through the same values on each of them, which must be kept or
 * refused alike, with the same code. Data-driven: a new channel is one entry in CHANNELS, a new
 * field one entry in FIELDS and in the channels that take it.
 */

type Field = 'reference' | 'vat_number' | 'requester_vat_number' | (typeof TRADER_FIELD_NAMES)[number];

/** What a channel did with a value: kept it (as `kept`, when the answer shows it), or refused it. */
type Outcome = { kept: true; as?: string | null } | { refused: string; message?: string };

/** What a value must come to: kept (as `as`, trimmed or normalised), or refused with `code`. */
type Expected = { kept: string } | { refused: string };

interface Probe {
  label: string;
  value: string;
  expected: Expected;
}

const TEXT_PROBES = (limit: number): Probe[] => [
  { label: 'at the limit', value: 'r'.repeat(limit), expected: { kept: 'r'.repeat(limit) } },
  // Letters outside the BMP (two UTF-16 units each): a limit counts characters.
  {
    label: 'at the limit, in characters outside the BMP',
    value: '𝐀'.repeat(limit),
    expected: { kept: '𝐀'.repeat(limit) },
  },
  { label: 'spaces around it', value: '  order 7  ', expected: { kept: 'order 7' } },
  { label: 'one over the limit', value: 'r'.repeat(limit + 1), expected: { refused: 'validation_error' } },
  { label: 'blank', value: '   ', expected: { refused: 'validation_error' } },
  { label: 'a control character', value: 'a\u0007b', expected: { refused: 'validation_error' } },
  { label: 'a line separator', value: 'a\u2028b', expected: { refused: 'validation_error' } },
];

/** A well-formed German number written with 100 characters, separators included: the longest taken. */
const LONGEST_NUMBER = `DE${' '.repeat(89)}123456704`;

const NUMBER_PROBES: Probe[] = [
  { label: 'well-formed', value: 'DE123456704', expected: { kept: 'DE123456704' } },
  { label: 'with separators', value: 'de 123.456-704', expected: { kept: 'DE123456704' } },
  { label: 'at the length limit', value: LONGEST_NUMBER, expected: { kept: 'DE123456704' } },
  {
    label: 'over the length limit',
    value: ` ${LONGEST_NUMBER}`,
    expected: { refused: 'invalid_vat_format' },
  },
  { label: 'malformed', value: 'DE12', expected: { refused: 'invalid_vat_format' } },
  { label: 'empty', value: '', expected: { refused: 'invalid_vat_format' } },
  { label: 'a control character', value: 'DE123\u0007456704', expected: { refused: 'invalid_vat_format' } },
];

const FIELDS: Record<Field, { probes: Probe[]; message?: string }> = {
  reference: { probes: TEXT_PROBES(128), message: REFERENCE_MESSAGE },
  ...(Object.fromEntries(
    TRADER_FIELD_NAMES.map((name) => [name, { probes: TEXT_PROBES(200), message: TRADER_FIELD_MESSAGE }]),
  ) as Record<(typeof TRADER_FIELD_NAMES)[number], { probes: Probe[]; message: string }>),
  vat_number: { probes: NUMBER_PROBES },
  requester_vat_number: { probes: NUMBER_PROBES },
};
const TRADERS = [...TRADER_FIELD_NAMES];

interface Context {
  app: TestApp;
  account: TestAccount;
  monitorId: string;
}

interface Channel {
  name: string;
  fields: readonly Field[];
  send(ctx: Context, field: Field, value: string): Promise<Outcome>;
  /**
   * Where the channel's form gives a probe another meaning, with the reason: the rule is the
   * same, the transport differs.
   */
  exceptions?: Partial<Record<Field | '*', Record<string, Expected>>>;
}

/** A request's own refusal, or undefined when it was taken (2xx). */
function refusal(res: TestResponse): Outcome | undefined {
  if (res.status < 300) return undefined;
  expect(res.status, res.text).toBeLessThan(500);
  return { refused: res.body.error.code, message: res.body.error.message };
}

/** The fields a single number goes with: the one probed, and a well-formed number unless it is that. */
function single(field: Field, value: string): Record<string, string> {
  return field === 'vat_number' ? { vat_number: value } : { vat_number: 'DE123456704', [field]: value };
}

/** Taken, with the value as kept where the answer shows it: the reference echoed, the number normalised. */
function kept(field: Field, shown: { reference?: string | null; vat_number?: string }): Outcome {
  return {
    kept: true,
    as: field === 'reference' ? shown.reference : field === 'vat_number' ? shown.vat_number : undefined,
  };
}

const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** A bulk file's results, one object per row with the header's names. */
function csvRows(text: string): Array<Record<string, string>> {
  return parseCsv(text, { columns: true, skip_empty_lines: true });
}

const CHANNELS: Channel[] = [
  {
    name: 'GET /v1/validate',
    fields: ['vat_number', 'requester_vat_number', 'reference', ...TRADERS],
    // A query parameter the operation requires, sent empty, is that parameter missing (400).
    exceptions: { vat_number: { empty: { refused: 'missing_parameter' } } },
    async send({ app, account }, field, value) {
      const res = await app.request('GET', `/v1/validate?${new URLSearchParams(single(field, value))}`, {
        key: account.test,
      });
      return (
        refusal(res) ??
        kept(field, { reference: res.body.meta.reference, vat_number: res.body.data.vat_number })
      );
    },
  },
  {
    name: 'POST /v1/validate/batch, top level',
    fields: ['requester_vat_number', 'reference'],
    async send({ app, account }, field, value) {
      const body = { vat_numbers: ['DE123456704'], [field]: value };
      const res = await app.request('POST', '/v1/validate/batch', { key: account.test, body });
      if (refusal(res)) return refusal(res)!;
      const item = res.body.data.results[0];
      if (item.error) return { refused: item.error.code, message: item.error.message };
      return kept(field, { reference: item.meta.reference });
    },
  },
  {
    name: 'POST /v1/validate/batch, an item',
    fields: ['vat_number', 'reference', ...TRADERS],
    async send({ app, account }, field, value) {
      const body = { vat_numbers: [single(field, value)] };
      const res = await app.request('POST', '/v1/validate/batch', { key: account.test, body });
      if (refusal(res)) return refusal(res)!;
      const item = res.body.data.results[0];
      if (item.error) return { refused: item.error.code, message: item.error.message };
      return kept(field, { reference: item.meta.reference, vat_number: item.data.vat_number });
    },
  },
  {
    name: 'POST /v1/validate/async',
    fields: ['vat_number', 'requester_vat_number', 'reference', ...TRADERS],
    async send({ app, account }, field, value) {
      const res = await app.request('POST', '/v1/validate/async', {
        key: account.live,
        body: single(field, value),
      });
      return refusal(res) ?? kept(field, res.body.data);
    },
  },
  {
    name: 'POST /v1/validate/async/batch, top level',
    fields: ['requester_vat_number', 'reference'],
    async send({ app, account }, field, value) {
      const body = { vat_numbers: ['DE123456704'], [field]: value };
      const res = await app.request('POST', '/v1/validate/async/batch', { key: account.live, body });
      return refusal(res) ?? kept(field, res.body.data);
    },
  },
  {
    name: 'POST /v1/validate/async/batch, an item',
    fields: ['vat_number', 'reference', ...TRADERS],
    async send({ app, account }, field, value) {
      const body = { vat_numbers: [single(field, value)] };
      const res = await app.request('POST', '/v1/validate/async/batch', { key: account.live, body });
      if (refusal(res)) return refusal(res)!;
      const rejected = res.body.data.rejected[0];
      return rejected ? { refused: rejected.error.code, message: rejected.error.message } : { kept: true };
    },
  },
  {
    name: 'POST /v1/bulk, the reference query parameter',
    fields: ['reference'],
    async send({ app, account }, field, value) {
      const res = await app.request('POST', `/v1/bulk?${new URLSearchParams({ [field]: value })}`, {
        key: account.test,
        body: 'vat_number\nDE123456704\n',
        headers: { 'content-type': 'text/csv' },
      });
      return refusal(res) ?? { kept: true };
    },
  },
  {
    name: 'POST /v1/bulk, a cell of a row',
    fields: ['vat_number', 'reference', ...TRADERS],
    // An empty or blank cell is a value not sent for that row: a CSV cannot leave a cell out.
    exceptions: { '*': { blank: { kept: '' } } },
    async send({ app, account }, field, value) {
      const columns = Object.keys(single(field, value));
      const row = Object.values(single(field, value)).map(csvCell);
      const res = await app.request('POST', '/v1/bulk', {
        key: account.test,
        body: `${columns.join(',')}\n${row.join(',')}\n`,
        headers: { 'content-type': 'text/csv' },
      });
      if (refusal(res)) return refusal(res)!;
      const results = await app.request('GET', `/v1/bulk/${res.body.data.bulk_id}/results`, {
        key: account.test,
      });
      const [result] = csvRows(results.text);
      return result.error_code ? { refused: result.error_code } : { kept: true };
    },
  },
  {
    name: 'POST /v1/monitors',
    fields: ['vat_number', 'requester_vat_number', 'reference'],
    async send({ app, account }, field, value) {
      // A number no monitor has yet, so the reference sent is the one kept.
      const [number] = germanNumbers(1, 'valid');
      const body = {
        interval: 'weekly',
        ...single(field, value),
        ...(field === 'vat_number' ? {} : { vat_number: number }),
      };
      const res = await app.request('POST', '/v1/monitors', { key: account.test, body });
      return refusal(res) ?? kept(field, res.body.data);
    },
  },
  {
    name: 'POST /v1/monitors/batch',
    fields: ['vat_number', 'reference'],
    async send({ app, account }, field, value) {
      const body = {
        interval: 'weekly',
        vat_numbers: field === 'vat_number' ? [value] : germanNumbers(1, 'valid'),
        ...(field === 'reference' ? { reference: value } : {}),
      };
      const res = await app.request('POST', '/v1/monitors/batch', { key: account.test, body });
      if (refusal(res)) return refusal(res)!;
      const [rejected] = res.body.data.rejected;
      if (rejected) return { refused: rejected.error.code, message: rejected.error.message };
      const [monitor] = res.body.data.monitors;
      return kept(field, monitor);
    },
  },
  {
    name: 'PATCH /v1/monitors/{id}',
    fields: ['reference'],
    async send({ app, account, monitorId }, field, value) {
      const res = await app.request('PATCH', `/v1/monitors/${monitorId}`, {
        key: account.test,
        body: { [field]: value },
      });
      return refusal(res) ?? { kept: true, as: res.body.data.reference };
    },
  },
];

describeEachDialect('one rule per field on every channel', (dialect) => {
  const ctx = {} as Context;
  beforeAll(async () => {
    ctx.app = await startTestApp(dialect, {
      env: {
        ...OFFLINE_REGISTRIES,
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        // The harness's clock stands still, so a burst window never ends: room for the walk.
        TIER_LIMITS: JSON.stringify({ business: { burst_per_minute: 100_000 } }),
      },
    });
    ctx.account = await ctx.app.account('business');
    await configureWebhook(ctx.app, ctx.account.live, 'https://localhost:9/field-rules');
    const monitor = await ctx.app.request('POST', '/v1/monitors', {
      key: ctx.account.test,
      body: { vat_number: 'DE123456704', interval: 'weekly' },
    });
    expect(monitor.status, monitor.text).toBe(201);
    ctx.monitorId = monitor.body.data.id;
  });
  afterAll(() => ctx.app.close());

  it('lists every field that several channels share, each with the channels that take it', () => {
    for (const field of Object.keys(FIELDS) as Field[]) {
      expect(CHANNELS.filter((channel) => channel.fields.includes(field)).length, field).toBeGreaterThan(1);
    }
  });

  const cases = CHANNELS.flatMap((channel) =>
    channel.fields.flatMap((field) => FIELDS[field].probes.map((probe) => ({ channel, field, probe }))),
  );
  it.each(cases.map((c) => [c.channel.name, c.field, c.probe.label, c] as const))(
    '%s: %s %s',
    async (_name, _field, _label, { channel, field, probe }) => {
      const expected =
        channel.exceptions?.[field]?.[probe.label] ??
        channel.exceptions?.['*']?.[probe.label] ??
        probe.expected;
      const outcome = await channel.send(ctx, field, probe.value);
      if ('refused' in expected) {
        expect(outcome, JSON.stringify(outcome)).toMatchObject({ refused: expected.refused });
        const message = 'message' in outcome ? outcome.message : undefined;
        if (message !== undefined && FIELDS[field].message) expect(message).toContain(FIELDS[field].message);
      } else {
        expect(outcome, JSON.stringify(outcome)).toMatchObject({ kept: true });
        if ('as' in outcome && outcome.as !== undefined) expect(outcome.as).toBe(expected.kept);
      }
    },
  );
});
