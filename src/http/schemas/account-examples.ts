import { DEFAULT_TIER_LIMITS } from '../../accounts/tiers.js';
import { encodeCursor } from '../../cursors.js';
import { ApiError } from '../../errors.js';
import { failureItem, successItem } from '../../validation/batch-item.js';
import {
  ASYNC_ID,
  asLive,
  BATCH_ID,
  DOCS_BASE,
  EXAMPLE_NOW,
  EXAMPLE_REQUEST_ID,
  magicAnswer,
  type NamedExample,
  REFERENCE,
  VALIDATION_IDS,
} from './examples.js';

/**
 * Examples of the account routes (async polling, usage, keys), made like those of examples.ts:
 * answers from the test-mode builders, items from the batch item builders.
 */

const at = (offsetMs: number) => new Date(EXAMPLE_NOW + offsetMs).toISOString();
const meta = { request_id: EXAMPLE_REQUEST_ID };

// --- GET /v1/validate/async/{request_id} and the batch ----------------------------------------

const answered = asLive(magicAnswer('DE123456704'), 'vies');
const unavailable = new ApiError('upstream_unavailable');

export const ASYNC_STATE_EXAMPLES: Record<string, NamedExample> = {
  pending: {
    summary: 'VIES was down at the first attempt; the second is due at next_attempt_at',
    value: {
      data: {
        request_id: ASYNC_ID,
        status: 'pending',
        vat_number: 'DE123456704',
        reference: REFERENCE,
        attempts: 1,
        next_attempt_at: at(120_000),
        created_at: at(0),
        completed_at: null,
        result: null,
        error: null,
      },
      meta,
    },
  },
  completed: {
    summary: 'Answered: the result as GET /v1/validate gives it, with its record id',
    value: {
      data: {
        request_id: ASYNC_ID,
        status: 'completed',
        vat_number: 'DE123456704',
        reference: REFERENCE,
        attempts: 1,
        next_attempt_at: null,
        created_at: at(0),
        completed_at: at(800),
        result: { data: answered.data, meta: { ...answered.meta, validation_id: VALIDATION_IDS[0] } },
        error: null,
      },
      meta,
    },
  },
  failed: {
    summary: 'VIES stayed unavailable through every retry',
    value: {
      data: {
        request_id: ASYNC_ID,
        status: 'failed',
        vat_number: 'DE123456704',
        reference: REFERENCE,
        attempts: 6,
        next_attempt_at: null,
        created_at: at(0),
        completed_at: at(14_580_000),
        result: null,
        error: { code: unavailable.code, message: unavailable.message },
      },
      meta,
    },
  },
};

const batchState = {
  batch_id: BATCH_ID,
  total: 3,
  accepted: 2,
  rejected: 1,
  created_at: at(0),
};

export const ASYNC_BATCH_STATE_EXAMPLES: Record<string, NamedExample> = {
  processing: {
    summary: 'One of two accepted numbers settled',
    value: {
      data: {
        ...batchState,
        status: 'processing',
        processed: 1,
        succeeded: 1,
        failed: 0,
        completed_at: null,
      },
      meta,
    },
  },
  completed: {
    summary: 'Every accepted number settled (batch.completed was sent)',
    value: {
      data: {
        ...batchState,
        status: 'completed',
        processed: 2,
        succeeded: 1,
        failed: 1,
        completed_at: at(1_500),
      },
      meta,
    },
  },
};

export const ASYNC_BATCH_RESULTS_EXAMPLES: Record<string, NamedExample> = {
  page: {
    summary: 'Input DE123456704, DE12345 (rejected), DE999999903: two accepted positions, limit=1',
    value: {
      data: [{ position: 0, ...successItem(answered, VALIDATION_IDS[1], 'order-1042') }],
      meta: {
        ...meta,
        next_cursor: encodeCursor('1', {
          list: 'async_batch_results',
          accountId: 'acc_example',
          batchId: BATCH_ID,
        }),
        has_more: true,
      },
    },
  },
  last_page: {
    summary: 'The next page: the number whose registry stayed unavailable',
    value: {
      data: [{ position: 2, ...failureItem(DOCS_BASE, 'DE999999903', unavailable) }],
      meta: { ...meta, next_cursor: null, has_more: false },
    },
  },
  pending: {
    summary: 'While the batch runs: a position not settled yet',
    value: {
      data: [{ position: 2, status: 'pending', meta: { vat_number: 'DE999999903' } }],
      meta: { ...meta, next_cursor: null, has_more: false },
    },
  },
};

// --- /v1/keys ---------------------------------------------------------------------------------

const liveKey = {
  id: 'key_7Hq2xLm3Pw9sT4vB',
  name: 'Checkout server',
  prefix: 'svc_live_Xk4P',
  mode: 'live',
  created_at: at(-86_400_000 * 30),
  last_used_at: at(-60_000),
  revoked_at: null,
};
const testKey = {
  id: 'key_2Bn8cVd4Fg6Hj8Kl',
  name: null,
  prefix: 'svc_test_9qRt',
  mode: 'test',
  created_at: at(-86_400_000 * 30),
  last_used_at: null,
  revoked_at: null,
};
const newKey = {
  id: 'key_5Mn7pQr9sTu1vWx3',
  name: 'Nightly reconciliation',
  prefix: 'svc_live_Ab3d',
  mode: 'live',
  created_at: at(0),
  last_used_at: null,
  revoked_at: null,
};

export const KEY_LIST_EXAMPLES: Record<string, NamedExample> = {
  keys: { summary: 'A live and a test key', value: { data: [liveKey, testKey], meta } },
};

export const KEY_CREATE_EXAMPLES: Record<string, NamedExample> = {
  live: { summary: 'A live key with a name', value: { mode: 'live', name: 'Nightly reconciliation' } },
  test: { summary: 'A test key', value: { mode: 'test' } },
};

export const KEY_CREATED_EXAMPLES: Record<string, NamedExample> = {
  created: {
    summary: 'The key, shown only in this answer',
    value: { data: { ...newKey, key: `${newKey.prefix}${'e5Fg7Hi9Jk1Lm3No5Pq7Rs9Tu1Vw'}` }, meta },
  },
};

export const KEY_REVOKED_EXAMPLES: Record<string, NamedExample> = {
  revoked: { summary: 'Refused from now on', value: { data: { ...liveKey, revoked_at: at(0) }, meta } },
};

// --- GET /v1/usage ----------------------------------------------------------------------------

const perDay = [412, 388, 0, 57, 951];
const sources = {
  vies: 1_402,
  hmrc: 231,
  uid: 0,
  brreg: 12,
  abr: 0,
  kas: 0,
  ares: 3,
  anaf: 0,
  bzst: 0,
  checksum: 163,
  format: 0,
  test: 0,
};

export const USAGE_EXAMPLES: Record<string, NamedExample> = {
  month: {
    summary: 'A Business account on the fifth of the month',
    value: {
      data: {
        month: '2026-03',
        tier: 'business',
        limit: DEFAULT_TIER_LIMITS.business.monthly,
        used: 1_808,
        remaining: DEFAULT_TIER_LIMITS.business.monthly - 1_808,
        reset_at: '2026-04-01T00:00:00.000Z',
        daily: perDay.map((validations, index) => ({ date: `2026-03-0${index + 1}`, validations })),
        by_source: sources,
        monitors: { used: 0, limit: DEFAULT_TIER_LIMITS.business.monitors },
      },
      meta,
    },
  },
};
