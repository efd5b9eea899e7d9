import { encodeCursor } from '../../cursors.js';
import { ApiError } from '../../errors.js';
import { monitorView } from '../../monitors/monitor-shape.js';
import { nextCheckAt, slotTimeAfter } from '../../monitors/schedule.js';
import { checkVatNumber } from '../../numbers/index.js';
import type { MonitorRow } from '../../store/monitors.js';
import { EXAMPLE_NOW, EXAMPLE_REQUEST_ID, MONITOR_ID, magicAnswer, type NamedExample } from './examples.js';

/** Examples of the monitor routes, made from the monitor view and test mode's answers. */

const REFERENCE = 'customer-4711';
const SLOT = 7;
const created = EXAMPLE_NOW - 3 * 86_400_000;
const lastChecked = slotTimeAfter(EXAMPLE_NOW - 86_400_000, SLOT, 'daily');
const answer = magicAnswer('NL123456782B01');

const row: MonitorRow = {
  id: MONITOR_ID,
  account_id: 'acc_example',
  mode: 'live',
  vat_number: answer.data.vat_number,
  country_code: answer.data.country_code,
  interval: 'daily',
  status: 'active',
  reference: REFERENCE,
  requester_vat_number: null,
  slot: SLOT,
  seq: '',
  created_at: created,
  last_checked_at: lastChecked,
  next_check_at: nextCheckAt(lastChecked, SLOT, 'daily'),
  queued_at: null,
  last_error: null,
  last_result: JSON.stringify({
    valid: true,
    company: answer.data.company,
    source: 'vies',
    validation_id: 'val_019b7a2e4c1e7a8b9c0d1e2f3a4b5c6d',
  }),
  last_valid: 1,
  last_check_request_id: null,
};
const monitor = monitorView(row);
const fresh = monitorView({
  ...row,
  id: 'mon_7hK2mN4pQ6rS8tU0vW2x',
  vat_number: 'DE123456704',
  country_code: 'DE',
  created_at: EXAMPLE_NOW,
  last_checked_at: null,
  next_check_at: nextCheckAt(EXAMPLE_NOW, SLOT + 1, 'daily'),
  last_result: null,
});
const failing = monitorView({
  ...row,
  last_error: JSON.stringify({
    code: 'upstream_unavailable',
    message: new ApiError('upstream_unavailable').message,
    at: new Date(EXAMPLE_NOW).toISOString(),
  }),
});
const meta = { request_id: EXAMPLE_REQUEST_ID };

export const MONITOR_CREATE_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  daily: {
    summary: 'Check a customer every day',
    value: { vat_number: 'DE 123 456 704', interval: 'daily', reference: REFERENCE },
  },
};

export const MONITOR_CREATED_EXAMPLES: Record<string, NamedExample> = {
  created: { summary: 'A new monitor: its first check runs at once', value: { data: fresh, meta } },
};

export const MONITOR_EXISTING_EXAMPLES: Record<string, NamedExample> = {
  existing: {
    summary: 'The number is monitored already: that monitor, unchanged',
    value: { data: monitor, meta },
  },
};

export const MONITOR_BATCH_REQUEST_EXAMPLES: Record<string, NamedExample> = {
  batch: {
    summary: 'Three numbers, one malformed',
    value: { vat_numbers: ['NL123456782B01', 'DE123456704', 'DE12345'], interval: 'daily' },
  },
};

export const MONITOR_BATCH_EXAMPLES: Record<string, NamedExample> = {
  batch: {
    summary: 'One monitor existed, one is new, one number was malformed',
    value: {
      data: {
        monitors: [monitor, fresh],
        rejected: [
          {
            vat_number: 'DE12345',
            error: { code: 'invalid_vat_format', message: syntaxMessage('DE12345') },
          },
        ],
      },
      meta,
    },
  },
};

export const MONITOR_LIST_EXAMPLES: Record<string, NamedExample> = {
  page: {
    summary: 'The newest monitors; more follow',
    value: {
      data: [fresh, monitor],
      meta: {
        ...meta,
        next_cursor: encodeCursor('001772444200000-3f9a2c7b1d4e', {
          list: 'monitors',
          accountId: 'acc_example',
          mode: 'live',
        }),
        has_more: true,
      },
    },
  },
};

export const MONITOR_EXAMPLES: Record<string, NamedExample> = {
  monitor: { summary: 'Checked yesterday, valid', value: { data: monitor, meta } },
  failing: { summary: 'The last check could not reach VIES; it is retried', value: { data: failing, meta } },
};

export const MONITOR_PATCH_EXAMPLES: Record<string, NamedExample> = {
  pause: { summary: 'Pause the monitor', value: { status: 'paused' } },
  weekly: { summary: 'Check weekly from now on', value: { interval: 'weekly' } },
};

export const MONITOR_DELETED_EXAMPLES: Record<string, NamedExample> = {
  deleted: { summary: 'Removed', value: { data: { id: MONITOR_ID, deleted: true }, meta } },
};

export const MONITOR_CHECK_EXAMPLES: Record<string, NamedExample> = {
  queued: {
    summary: 'A check was queued; last_checked_at and last_result change when it is done',
    value: { data: monitor, meta },
  },
};

/** The message the parser gives a malformed number. */
function syntaxMessage(input: string): string {
  const check = checkVatNumber(input);
  if (check.kind !== 'syntax_error') throw new Error(`${input} is well-formed`);
  return check.message;
}
