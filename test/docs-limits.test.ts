import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_KEYS } from '../src/accounts/key-management.js';
import { asyncBatchLimit, DEFAULT_TIER_LIMITS, TIERS, type TierLimits } from '../src/accounts/tiers.js';
import { BULK_MAX_BYTES, bulkRowLimit } from '../src/bulk/acceptance.js';
import { DEFAULT_LEASE_S } from '../src/cli/webhook-listen.js';
import { SETTINGS } from '../src/config.js';
import { BULK_UPLOAD_LIMIT } from '../src/console/pages/bulk.js';
import { UNAUTHENTICATED_BODY_LIMIT } from '../src/console/request-guard.js';
import { BODY_LIMIT_BYTES } from '../src/http/app.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../src/http/paging.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../src/http/plugins/idempotency.js';
import { KEY_NAME_MAX_LENGTH } from '../src/http/routes/keys.js';
import { MONITOR_BATCH_MAX } from '../src/http/routes/monitors.js';
import { MAX_SYNC_BATCH } from '../src/http/routes/validate-batch.js';
import { TRADER_FIELD_PATTERN } from '../src/matching/trader-fields.js';
import { REFERENCE_MAX_LENGTH } from '../src/records/reference.js';
import {
  DESCRIPTION_MAX_LENGTH,
  EXPIRES_IN_MAX_S,
  EXPIRES_IN_MIN_S,
  MAX_ENDPOINTS_PER_MODE,
  SECRET_OVERLAP_MS,
} from '../src/webhooks/endpoints.js';
import { RESPONSE_BODY_LIMIT_BYTES } from '../src/webhooks/send-attempt.js';
import { PROJECT_ROOT } from './helpers/processes.js';

/**
 * The limits the README and docs/ state are the code's: each statement of a tier limit is read
 * back and compared with the defaults in src/accounts/tiers.ts (and the batch, bulk and key limits
 * beside them), and any other paragraph naming a tier with a number fails until it is checked
 * here too, so a limit stated anew cannot drift unseen. The limits that are no tier's (webhook
 * endpoints, lists, references, keys, bodies) are read back from where the docs state them. (The OpenAPI document and the error pages
 * write their limits from the same code.)
 */

const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');
const FILES = [
  'README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
  // Measured figures of past runs, not limits.
  .filter((file) => file !== 'docs/benchmarks.md');

const T = DEFAULT_TIER_LIMITS;
const each = (pick: (limits: TierLimits) => number) => TIERS.map((tier) => pick(T[tier]));
const MIB = 1024 * 1024;
const HOUR_MS = 3_600_000;
/** The default webhook retry delays in the units the docs write them in: s, min, min, h, h, h. */
const RETRY_UNITS_MS = [1_000, 60_000, 60_000, HOUR_MS, HOUR_MS, HOUR_MS];
const webhookRetryDelays = SETTINGS.WEBHOOK_RETRY_DELAYS_MS.default
  .split(',')
  .map((delay, i) => Number(delay) / RETRY_UNITS_MS[i]);
/** The upper bound of a `{1,n}` or `{0,n}` repetition in a pattern's source. */
const repetitionBound = (source: string) => Number(/\{[01],(\d+)\}/.exec(source)?.[1]);

/** A statement of limits: its pattern (numbers captured in order) and what the code says they are. */
interface Statement {
  file: string;
  pattern: RegExp;
  expected: number[];
}

const STATEMENTS: Statement[] = [
  {
    file: 'README.md',
    pattern:
      /Tiers: Free ([\d,]+) validations a month and ([\d,]+) requests a minute, Pro ([\d,]+) and ([\d,]+), Business ([\d,]+) and ([\d,]+), Scale \(Business features\) ([\d,]+) and ([\d,]+)\./,
    expected: TIERS.flatMap((tier) => [T[tier].monthly, T[tier].burst_per_minute]),
  },
  {
    file: 'README.md',
    pattern: /\*\*batch\*\* \(1–(\d+)\) and \*\*asynchronous\*\* validation \(up to ([\d,]+),/,
    expected: [MAX_SYNC_BATCH, asyncBatchLimit('business')],
  },
  {
    file: 'docs/operations.md',
    pattern:
      /Tier defaults: Free ([\d,]+) validations a month and ([\d,]+) requests a minute, Pro ([\d,]+) and ([\d,]+), Business ([\d,]+) and ([\d,]+), Scale \(Business features\) ([\d,]+) and ([\d,]+)/,
    expected: TIERS.flatMap((tier) => [T[tier].monthly, T[tier].burst_per_minute]),
  },
  {
    file: 'docs/operations.md',
    pattern: /Monitors per key mode: Free (none|[\d,]+), Pro ([\d,]+), Business ([\d,]+), Scale ([\d,]+)/,
    expected: each((limits) => limits.monitors),
  },
  {
    file: 'docs/operations.md',
    pattern: /\{"free":\{"monthly":(\d+),"burst_per_minute":(\d+),"monitors":(\d+)\}\}/,
    expected: [T.free.monthly, T.free.burst_per_minute, T.free.monitors],
  },
  {
    file: 'docs/account-api.md',
    pattern: /defaults: Free (none|[\d,]+), Pro ([\d,]+), Business ([\d,]+), Scale ([\d,]+);/,
    expected: each((limits) => limits.monitors),
  },
  {
    file: 'docs/account-api.md',
    pattern: /"tier": "business", "limit": (\d+),[\s\S]*?"monitors": \{ "used": \d+, "limit": (\d+) \}/,
    expected: [T.business.monthly, T.business.monitors],
  },
  {
    file: 'docs/account-api.md',
    pattern: /An account holds at most (\d+) unrevoked keys/,
    expected: [MAX_ACTIVE_KEYS],
  },
  {
    file: 'docs/bulk.md',
    pattern: /at most ([\d,]+) \(Pro\) or ([\d,]+) \(Business, Scale\); bodies at most (\d+) MiB/,
    expected: [bulkRowLimit('pro'), bulkRowLimit('business'), BULK_MAX_BYTES / MIB],
  },
  {
    file: 'docs/monitors.md',
    pattern:
      /\| Free \| (none) [^\n]*\|\n\| Pro \| ([\d,]+) \|\n\| Business \| ([\d,]+) \|\n\| Scale \| ([\d,]+) \|/,
    expected: each((limits) => limits.monitors),
  },
  // Limits that are no tier's: webhook endpoints, lists, references, keys, bodies.
  {
    file: 'docs/webhooks.md',
    pattern: /Each key mode may have up to \*\*(\d+) endpoints\*\*/,
    expected: [MAX_ENDPOINTS_PER_MODE],
  },
  {
    file: 'docs/operations.md',
    pattern: /Webhook endpoints: at most (\d+) per account and key mode/,
    expected: [MAX_ENDPOINTS_PER_MODE],
  },
  {
    file: 'docs/webhooks.md',
    pattern: /\| `description` \| your note, up to (\d+) characters \|/,
    expected: [DESCRIPTION_MAX_LENGTH],
  },
  {
    file: 'docs/webhooks.md',
    pattern: /`expires_in` \(([\d,]+) to ([\d,]+) seconds\)/,
    expected: [EXPIRES_IN_MIN_S, EXPIRES_IN_MAX_S],
  },
  {
    file: 'docs/webhooks.md',
    pattern: /for (\d+) hours after it, deliveries are signed with the previous/,
    expected: [SECRET_OVERLAP_MS / HOUR_MS],
  },
  {
    file: 'docs/webhooks.md',
    pattern: /retried after (\d+) s, (\d+) min, (\d+) min, (\d+) h, (\d+) h and (\d+) h/,
    expected: webhookRetryDelays,
  },
  {
    file: 'docs/webhooks.md',
    pattern: /every attempt with the first (\d+) KiB of your answer/,
    expected: [RESPONSE_BODY_LIMIT_BYTES / 1024],
  },
  {
    file: 'docs/webhooks.md',
    pattern: /`--lease SECONDS` \(default (\d+)\)/,
    expected: [DEFAULT_LEASE_S],
  },
  {
    file: 'docs/records.md',
    pattern: /`limit` records at a time: 1 to (\d+), default (\d+)/,
    expected: [MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE],
  },
  {
    file: 'docs/account-api.md',
    pattern: /`limit` is 1 to (\d+) \(default (\d+)\)/,
    expected: [MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE],
  },
  {
    file: 'docs/architecture.md',
    pattern: /`reference` is one rule \(`records\/reference.ts`: 1–(\d+) printable characters/,
    expected: [REFERENCE_MAX_LENGTH],
  },
  {
    file: 'docs/bulk.md',
    pattern: /A reference is 1 to (\d+) printable characters/,
    expected: [REFERENCE_MAX_LENGTH],
  },
  {
    file: 'docs/bulk.md',
    pattern: /`Idempotency-Key` header \(1 to (\d+) visible characters/,
    expected: [repetitionBound(IDEMPOTENCY_KEY_PATTERN.source)],
  },
  {
    file: 'docs/architecture.md',
    pattern: /The key must be 1 to (\d+) visible ASCII characters/,
    expected: [repetitionBound(IDEMPOTENCY_KEY_PATTERN.source)],
  },
  {
    file: 'docs/account-api.md',
    pattern: /`name` optional: 1 to (\d+) printable characters/,
    expected: [KEY_NAME_MAX_LENGTH],
  },
  {
    file: 'docs/monitors.md',
    pattern: /# Many at once \(up to ([\d,]+)\)/,
    expected: [MONITOR_BATCH_MAX],
  },
  {
    file: 'docs/matching.md',
    pattern: /Each field is 1 to (\d+) printable characters/,
    expected: [repetitionBound(TRADER_FIELD_PATTERN) + 2],
  },
  {
    file: 'docs/operations.md',
    pattern:
      /Request bodies over (\d+) MiB are refused \(413\)\. The console reads at most (\d+) MiB from a browser without a session \(the bulk upload takes up to (\d+) MiB/,
    expected: [BODY_LIMIT_BYTES / MIB, UNAUTHENTICATED_BODY_LIMIT / MIB, BULK_UPLOAD_LIMIT / MIB],
  },
];

/** Paragraphs that name a tier and a number without stating a limit. */
const NOT_LIMITS = [
  'serves on port 3000',
  'one API with its worker (port 3000)',
  'Free text whose exact rule',
];

const numberOf = (text: string) => (text === 'none' ? 0 : Number(text.replaceAll(',', '')));

/** Where `statement` is said in `text`, a space in its pattern matching any wrap of the line. */
function find({ pattern }: Statement, text: string) {
  return new RegExp(pattern.source.replaceAll(' ', '\\s+')).exec(text);
}

describe('limits stated in the docs', () => {
  for (const { file, pattern, expected } of STATEMENTS) {
    it(`${file}: ${pattern.source.slice(0, 50)}… says what the code does`, () => {
      const match = find({ file, pattern, expected }, read(file));
      expect(match, `${file} no longer says ${pattern}; update the statement here`).not.toBeNull();
      expect(match!.slice(1).map(numberOf)).toEqual(expected);
    });
  }

  it('states no other tier limit that this test does not check', () => {
    const unchecked: string[] = [];
    for (const file of FILES) {
      const text = read(file);
      const checked = STATEMENTS.filter((statement) => statement.file === file).flatMap((statement) => {
        const match = find(statement, text);
        return match ? [{ from: match.index, to: match.index + match[0].length }] : [];
      });
      for (const { start, end, lines } of blocksOf(text)) {
        const prose = lines
          .join(' ')
          .replace(/\b[1-5]\d\d `[a-z_]+`/g, '') // HTTP statuses with their error code
          .replace(/`[^`]*`/g, '');
        if (!/\b(Free|Pro|Business|Scale)\b/.test(prose) || !/\d[\d,]*\d/.test(prose)) continue;
        if (NOT_LIMITS.some((phrase) => prose.includes(phrase))) continue;
        if (!checked.some(({ from, to }) => from < end && to > start))
          unchecked.push(`${file}: ${prose.slice(0, 120)}`);
      }
    }
    expect(unchecked, 'check these limits against the code in STATEMENTS').toEqual([]);
  });
});

/**
 * The statements of a markdown text, with their offsets: paragraphs, list items and table rows
 * (a heading, list item or table row starts a new one; a blank line ends one). Fenced code is none.
 */
function blocksOf(text: string): Array<{ start: number; end: number; lines: string[] }> {
  const blocks: Array<{ start: number; end: number; lines: string[] }> = [];
  let fenced = false;
  let offset = 0;
  for (const line of text.split('\n')) {
    const at = offset;
    offset += line.length + 1;
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    const last = blocks[blocks.length - 1];
    if (fenced || line.trimStart().startsWith('```') || line.trim() === '') {
      if (last) last.end = Math.max(last.end, at);
      blocks.push({ start: offset, end: offset, lines: [] });
    } else if (/^\s*(- |\| |#)/.test(line) || !last) {
      blocks.push({ start: at, end: offset, lines: [line] });
    } else {
      last.lines.push(line);
      last.end = offset;
    }
  }
  return blocks.filter((block) => block.lines.length > 0);
}
