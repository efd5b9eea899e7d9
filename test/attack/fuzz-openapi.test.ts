/**
 * Attack suite, part 1: a property-based fuzzer driven by the service's own OpenAPI
 * document. For every operation it builds requests from the schema and mutates them (wrong types,
 * missing and extra members, huge and deep bodies, big arrays, odd encodings, bad and duplicated
 * headers, bad keys) and checks every answer against decisions section 8: never a 5xx other than the
 * documented 503s, always JSON in the standard envelope (`{data, meta}` or
 * `{error: {code, message, docs_url}, meta: {request_id}}`) with a catalogue code whose status is the
 * HTTP status, and X-Request-Id equal to meta.request_id. At the end the database must be consistent:
 * usage counters equal the validations recorded (plus async items accepted), equal to what the
 * answers said, and no row is malformed.
 *
 * Reproduce a failure with the seed fast-check prints: `FUZZ_SEED=<seed> npx vitest run test/attack`.
 * `FUZZ_SCALE=<factor>` multiplies the number of cases (default 1: ~3,500 requests per dialect).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../simulator/server.js';
import { createAccount, createKey } from '../../src/accounts/keys.js';
import { periodOf } from '../../src/accounts/quota.js';
import type { Tier } from '../../src/accounts/tiers.js';
import { ERROR_CODES } from '../../src/errors.js';
import { checkVatNumber } from '../../src/numbers/index.js';
import { TEST_MAGIC_NUMBERS } from '../../src/validation/test-mode.js';
import { accountsOf } from '../helpers/accounts.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { startTestApp, type TestApp } from '../helpers/harness.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';
import {
  type Answer,
  type AnswerContext,
  answerProblems,
  clip,
  fetchExchange,
  KNOWN_DEVIATIONS,
  type KnownDeviation,
  knownDeviation,
  parseJson,
  rawConversation,
  rawExchange,
} from './support.js';

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const COLLECT = process.env.FUZZ_COLLECT === '1';
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
/** No answer may take longer: REGISTRY_TIMEOUT_MS (2 s in the harness) plus a wide margin. */
const HANG_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, reduced to what the fuzzer needs
// ---------------------------------------------------------------------------------------------

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

interface Param {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  id: string;
  method: string;
  /** OpenAPI path template, `{name}` for path parameters. */
  path: string;
  params: Param[];
  body?: JsonSchema;
  /** From the document (true) or one of the hidden and unknown routes the fuzzer adds. */
  documented: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters?: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'query' || p.in === 'path')
          .map((p) => ({
            name: p.name,
            in: p.in as 'query' | 'path',
            required: p.required === true,
            schema: p.schema,
          })),
        body: op.requestBody?.content?.['application/json']?.schema,
        documented: true,
      });
    }
  }
  return operations;
}

/** Routes the document hides (docs, metrics, the document itself) and routes that do not exist. */
const EXTRA_OPERATIONS: Operation[] = [
  ['GET', '/openapi.json'],
  ['GET', '/metrics'],
  ['GET', '/docs'],
  ['GET', '/docs/'],
  ['GET', '/docs/json'],
  ['GET', '/docs/static/index.html'],
  ['GET', '/docs/static/swagger-ui.css'],
  ['GET', '/docs/static/../../package.json'],
  ['GET', '/docs/errors'],
  ['GET', '/docs/errors/{code}'],
  ['GET', '/'],
  ['GET', '/v1'],
  ['GET', '/v2/validate'],
  ['POST', '/v1/validate'],
  ['GET', '/v1/rates/{country_code}/extra'],
  ['POST', '/v1/webhooks/deliveries/{id}'],
  ['GET', '/%2e%2e/%2e%2e/etc/passwd'],
  ['DELETE', '/v1/rates'],
].map(([method, path]) => ({
  id: `${method} ${path}`,
  method,
  path,
  params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path' as const,
    required: true,
    schema: { type: 'string' },
  })),
  documented: false,
}));

// ---------------------------------------------------------------------------------------------
// Value pools
// ---------------------------------------------------------------------------------------------

/** Well-formed German numbers with a wrong check digit: answered locally (source checksum). */
function checksumFailures(count: number): string[] {
  const numbers: string[] = [];
  for (let national = 123_000_000; numbers.length < count; national += 7) {
    const check = checkVatNumber(`DE${national}`);
    if (check.kind === 'checked' && !check.checksumValid) numbers.push(`DE${national}`);
  }
  return numbers;
}

/** Numbers that pass syntax: answered from test mode, check digits, the format (LI) or the simulator. */
const WELL_FORMED_POOL: readonly string[] = [
  ...TEST_MAGIC_NUMBERS,
  ...checksumFailures(6),
  'LI12345',
  'LI99999',
  // seeded in the simulator: with a live key these reach a (local, always-up) registry
  'DE123456704',
  'ATU12345675',
  'GB123456727',
  'GB553557881',
  'CHE100000006MWST',
  'NO900000006MVA',
  'AU51824753556',
  'BE0402918402',
  // the same in the forms people write them
  'de 123 456 704',
  'DE-123.456.704',
  'GR123456709',
  'CHE-100.000.006 MWST',
  'NO 900 000 006 MVA',
];

/** Numbers that fail stage 1 (422 invalid_vat_format, or a rejected batch item). */
const MALFORMED_POOL: readonly string[] = [
  '',
  ' ',
  'DE',
  'XX123456789',
  'DE12345670',
  '123456704',
  'DE123456704\u0000',
  'DE１２３４５６７０４',
  'DE\u200b123456704',
  'ΔΕ123456709',
  'DE123456704'.repeat(10),
  '\ud800DE123456704',
  'DE123456704\ufeff',
  'DE123456704\u2028',
  'GBGB123456727',
];

const VAT_POOL: readonly string[] = [...WELL_FORMED_POOL, ...MALFORMED_POOL];

const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'null',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE validations; --',
  '../../etc/passwd',
  '%00',
  '%',
  '\ud800',
  '\udfff',
  '\uffff',
  '\u202eDE',
  '𝕍𝔸𝕋',
  'a'.repeat(300),
  '{"a":1}',
  '[]',
  '\r\nX-Injected: 1',
  'Bearer x',
  '$where',
  '{{7*7}}',
  '\\',
];

const COUNTRY_CODES = ['DE', 'de', 'GR', 'EL', 'el', 'GB', 'CH', 'LI', 'NO', 'XX', 'D', 'DEU', 'Dé', 'd%45'];
const DATES = [
  '2025-01-01',
  '2026-11-22',
  '2024-01-01',
  '2023-12-31',
  '2025-02-30',
  '2025-1-1',
  '99999-01-01',
  '0000-00-00',
  '2025-01-01T00:00:00Z',
  'today',
];
const LIMITS = ['1', '20', '100', '0', '101', '999', '-1', '1e2', '01', ' 5'];
const STATUSES = ['pending', 'delivered', 'failed', 'PENDING', 'unknown'];
const EVENTS = ['test', 'validation.completed', 'validation.failed', 'batch.completed', '*', "test' --"];
const CURSORS = [
  Buffer.from('0000000000001:abc').toString('base64url'),
  Buffer.from('\u0000').toString('base64url'),
  Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'),
  '====',
  'not a cursor',
];
const URLS = [
  '$receiver',
  '$receiver',
  'https://localhost:1/hook',
  'http://localhost/hook',
  'https://127.0.0.1/hook',
  'https://10.0.0.1/hook',
  'https://[::1]/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://example.invalid/hook',
  'https://user:pass@localhost/hook',
  'ftp://localhost/hook',
  'javascript:alert(1)',
  'https://',
  '//localhost/hook',
  'https://localhost:99999/',
  'https://xn--80ak6aa92e.invalid/',
  'https://%00/',
];
const ODD_QUERY: readonly string[] = [
  '%FF',
  '%C0%AF',
  '%00',
  'DE123456704%00',
  '%ED%A0%80',
  '%',
  '%zz',
  '%E2%82',
  '%uD800',
  '+',
  '%2B%2B',
  '%F0%9F%98',
  'DE%20123%20456%20704',
  '%EF%BB%BFDE123456704',
  'DE123456704%0D%0AX-Injected:%201',
  '%25%30%30',
];

const TIERS: readonly Tier[] = ['free', 'pro', 'business', 'scale'];

// ---------------------------------------------------------------------------------------------
// Recipes: what fast-check generates. Small, printable and shrinkable; a request is built from one.
// ---------------------------------------------------------------------------------------------

/**
 * Every choice below is "the ordinary value, usually" plus variants: most requests must be close
 * enough to valid to get past the gates and the schema and reach the handlers; the rest attack.
 */
const VALID_KEYS = [
  'live:free',
  'test:free',
  'live:pro',
  'test:pro',
  'live:business',
  'test:business',
  'live:scale',
  'test:scale',
  'live:other',
  'test:other',
] as const;
const BAD_KEYS = [
  'revoked',
  'unknown',
  'none',
  'empty',
  'bearer-only',
  'basic',
  'token-scheme',
  'lowercase-bearer',
  'padded',
  'extra-word',
  'short',
  'other-prefix',
  'long',
  'quoted',
  'unicode',
] as const;
type KeyChoice = (typeof VALID_KEYS)[number] | (typeof BAD_KEYS)[number];

const STRATEGIES = ['junk', 'wrongType', 'absent', 'odd', 'repeat', 'empty', 'long'] as const;
type Strategy = 'pool' | (typeof STRATEGIES)[number];

interface Slot {
  strategy: Strategy;
  pick: number;
  junk: string;
  wrong: unknown;
}

const BODY_MUTATIONS = [
  'wrongType',
  'dropRequired',
  'extraMember',
  'proto',
  'constructorProto',
  'bigArray',
  'nullMember',
] as const;
type BodyMutation = (typeof BODY_MUTATIONS)[number];

const BODY_SHAPES = ['none', 'null', 'number', 'string', 'array', 'wrapped'] as const;
type BodyShape = 'object' | (typeof BODY_SHAPES)[number];

const ENCODINGS = [
  'utf8-bom',
  'utf16le-bom',
  'utf16be',
  'invalid-utf8',
  'latin1',
  'truncate',
  'trailing-garbage',
  'empty',
  'whitespace',
  'nul-bytes',
  'deep-array',
  'deep-object',
] as const;
type Encoding = 'plain' | (typeof ENCODINGS)[number];

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json;charset=UTF-16',
  'APPLICATION/JSON',
  'text/plain',
  'text/plain; charset=utf-8',
  'multipart/form-data; boundary=xyz',
  'application/x-www-form-urlencoded',
  'application/jsonx',
  'application/vnd.api+json',
  'application/*',
  'json',
  '',
  '$dup',
  '$none',
] as const;
type ContentType = 'application/json' | (typeof CONTENT_TYPES)[number];

const METHODS = ['HEAD', 'OPTIONS', 'PATCH', 'DELETE', 'PUT', 'POST', 'GET', 'PROPFIND'] as const;
type MethodVariant = 'same' | (typeof METHODS)[number];

const PATH_TWEAKS = [
  'trailing-slash',
  'double-slash',
  'upper-case',
  'encoded-letter',
  'empty-query',
  'fragment',
  'semicolon',
] as const;
type PathTweak = 'none' | (typeof PATH_TWEAKS)[number];

/** `usual` with weight `weight`, else one of `variants` (each of weight 1/len). */
function mostly<T, U>(usual: T, weight: number, variants: readonly U[]): fc.Arbitrary<T | U> {
  return fc.oneof(
    { weight, arbitrary: fc.constant(usual) },
    { weight: 1, arbitrary: fc.constantFrom(...variants) },
  );
}

interface Recipe {
  /** Index into the documented operations, or (`extra`) into the hidden and unknown routes. */
  op: number;
  extra: boolean;
  /** A request that is valid but for the values drawn from the pools: it reaches the handlers. */
  clean: boolean;
  method: MethodVariant;
  key: KeyChoice;
  slots: Slot[];
  extraQuery: Array<[string, string]>;
  bodyShape: BodyShape;
  mutations: BodyMutation[];
  encoding: Encoding;
  contentType: ContentType;
  requestId: string | null;
  accept: string | null;
  pathTweak: PathTweak;
  /** Raw-socket extras (only the raw property uses them). */
  raw?: RawExtras;
}

interface RawExtras {
  version: '1.1' | '1.0';
  duplicate: Array<'content-type' | 'authorization' | 'x-request-id' | 'content-length' | 'accept'>;
  unicodeRequestId: boolean;
  headerCase: 'lower' | 'upper' | 'mixed';
  bodyOnGet: boolean;
}

const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), {
    maxKeys: 3,
  }),
);

const slotArb: fc.Arbitrary<Slot> = fc.record({
  strategy: mostly<Strategy, Strategy>('pool', 2, STRATEGIES),
  pick: fc.nat(),
  junk: junkString,
  wrong: wrongValue,
});

const requestIdArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,128}$/) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(128), 'x'.repeat(129), 'has space', '', '\t', 'a,b') },
  {
    weight: 1,
    arbitrary: fc.string({ minLength: 1, maxLength: 140 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  },
);

/** A quarter of the recipes are made clean: no mutation at all, only values from the pools. */
const recipeArb = (raw: boolean): fc.Arbitrary<Recipe> =>
  fc.oneof(
    { weight: 3, arbitrary: anyRecipeArb(raw) },
    {
      weight: 1,
      arbitrary: anyRecipeArb(raw).map(
        (recipe): Recipe => ({
          ...recipe,
          clean: true,
          extra: false,
          method: 'same',
          key: (VALID_KEYS as readonly string[]).includes(recipe.key) ? recipe.key : 'live:business',
          slots: recipe.slots.map((slot) => ({ ...slot, strategy: 'pool' })),
          extraQuery: [],
          bodyShape: 'object',
          mutations: [],
          encoding: 'plain',
          contentType: 'application/json',
          pathTweak: 'none',
        }),
      ),
    },
  );

const anyRecipeArb = (raw: boolean): fc.Arbitrary<Recipe> =>
  fc.record({
    op: fc.nat(),
    clean: fc.constant(false),
    extra: fc.oneof(
      { weight: 5, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
    method: mostly<MethodVariant, MethodVariant>('same', 10, METHODS),
    key: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<KeyChoice>(...VALID_KEYS) },
      { weight: 1, arbitrary: fc.constantFrom<KeyChoice>(...BAD_KEYS) },
    ),
    slots: fc.array(slotArb, { minLength: 8, maxLength: 8 }),
    extraQuery: fc.array(fc.tuple(junkString, junkString), { maxLength: 2 }),
    bodyShape: mostly<BodyShape, BodyShape>('object', 4, BODY_SHAPES),
    mutations: fc.oneof(
      { weight: 1, arbitrary: fc.constant<BodyMutation[]>([]) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...BODY_MUTATIONS), { minLength: 1, maxLength: 3 }) },
    ),
    encoding: mostly<Encoding, Encoding>('plain', 3, ENCODINGS),
    contentType: mostly<ContentType, ContentType>('application/json', 3, CONTENT_TYPES),
    requestId: requestIdArb,
    accept: fc.option(
      fc.constantFrom('application/json', 'text/html', '*/*', 'application/xml', 'image/png'),
    ),
    pathTweak: mostly<PathTweak, PathTweak>('none', 12, PATH_TWEAKS),
    raw: raw
      ? fc.record({
          version: fc.constantFrom('1.1' as const, '1.1' as const, '1.0' as const),
          duplicate: fc.subarray([
            'content-type' as const,
            'authorization' as const,
            'x-request-id' as const,
            'content-length' as const,
            'accept' as const,
          ]),
          unicodeRequestId: fc.boolean(),
          headerCase: fc.constantFrom('lower' as const, 'upper' as const, 'mixed' as const),
          bodyOnGet: fc.boolean(),
        })
      : fc.constant(undefined),
  });

// ---------------------------------------------------------------------------------------------
// Building a request from a recipe
// ---------------------------------------------------------------------------------------------

/** Runtime values a recipe refers to by name: keys, the receiver, delivery ids seen so far. */
interface World {
  keys: Record<string, { key: string; accountId: string; mode: 'live' | 'test' }>;
  revokedKey: string;
  receiverUrl: string;
  deliveryIds: string[];
}

interface Built {
  recipe: Recipe;
  op: Operation;
  method: string;
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer;
  /** The account and key mode, when the key is a valid one. */
  principal?: { accountId: string; mode: 'live' | 'test' };
  sentRequestId?: string;
  /** The inputs of a batch, for the usage bookkeeping. */
  description: string;
}

const ABSENT = Symbol('absent');
/** The placeholder as JSON.stringify writes it, replaced by 10k levels of nesting after stringifying. */
const DEEP = JSON.stringify('\u0000DEEP\u0000');
const BYTES = '\u0000BYTES\u0000';

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD, as on any wire). */
function pct(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function poolValue(name: string, schema: JsonSchema, pick: number, world: World, clean = false): unknown {
  const from = <T>(list: readonly T[]) => list[pick % list.length];
  const numbers = clean ? WELL_FORMED_POOL : VAT_POOL;
  switch (name) {
    case 'vat_number':
    case 'requester_vat_number':
      return from(numbers);
    case 'vat_numbers': {
      const size = from([1, 1, 2, 3, 5, 8, 20, 50]);
      return Array.from({ length: size }, (_, i) => numbers[(pick + i * 7) % numbers.length]);
    }
    case 'cache':
      return schema.type === 'boolean' ? pick % 2 === 0 : from(['true', 'false']);
    case 'country_code':
      return from(COUNTRY_CODES);
    case 'date':
      return from(DATES);
    case 'limit':
      return from(LIMITS);
    case 'status':
      return from(STATUSES);
    case 'event':
      return from(EVENTS);
    case 'cursor':
      return from(CURSORS);
    case 'id':
      return world.deliveryIds.length > 0 && pick % 4 !== 0
        ? world.deliveryIds[pick % world.deliveryIds.length]
        : from(['dlv_00000000000000000000000000', 'x', randomLikeUuid(pick)]);
    case 'url': {
      const url = clean && pick % 2 === 0 ? '$receiver' : from(URLS);
      return url === '$receiver' ? world.receiverUrl : url;
    }
    case 'code':
      return from([...ERROR_CODES, 'nope', 'INVALID_JSON', '__proto__', 'constructor']);
    case 'enabled':
    case 'rotate_secret':
      return pick % 3 !== 0;
  }
  if (schema.type === 'boolean') return pick % 2 === 0;
  if (schema.type === 'array') return [];
  if (schema.type === 'object') return {};
  return from(['x', 'DE123456704']);
}

function randomLikeUuid(pick: number): string {
  const hex = (pick * 2654435761).toString(16).padStart(8, '0').slice(-8);
  return `${hex}-0000-4000-8000-000000000000`;
}

/** A value of another JSON type than the schema's. */
function wrongTypeFor(schema: JsonSchema, slot: Slot): unknown {
  const type = schema.type ?? 'string';
  const candidates = [slot.wrong, 42, -1.5, true, null, ['DE123456704'], { vat_number: 'DE123456704' }, 'x'];
  const fits = (v: unknown) =>
    (type === 'string' && typeof v === 'string') ||
    (type === 'boolean' && typeof v === 'boolean') ||
    (type === 'array' && Array.isArray(v)) ||
    (type === 'object' && v !== null && typeof v === 'object' && !Array.isArray(v)) ||
    ((type === 'integer' || type === 'number') && typeof v === 'number');
  const wrong = candidates.filter((v) => !fits(v));
  return wrong[slot.pick % wrong.length];
}

const ODD_STRINGS: readonly string[] = [
  '\ud800',
  'DE\udc00123456704',
  '\u0000\u0000',
  'DE123456704\u0000',
  '\uFEFFDE123456704',
  'Zürich',
  '\u202e\u202d',
  '😀'.repeat(20),
  'e\u0301',
  '\u{10FFFF}',
];

/** One query/path parameter or body member: the value and, for query parameters, how it is encoded. */
function memberValue(name: string, schema: JsonSchema, slot: Slot, world: World, clean = false): unknown {
  switch (slot.strategy) {
    case 'pool':
      return poolValue(name, schema, slot.pick, world, clean);
    case 'junk':
      return slot.junk;
    case 'wrongType':
      return wrongTypeFor(schema, slot);
    case 'absent':
      return ABSENT;
    case 'odd':
      return ODD_STRINGS[slot.pick % ODD_STRINGS.length];
    case 'repeat':
      return poolValue(name, schema, slot.pick, world);
    case 'empty':
      return schema.type === 'array' ? [] : '';
    case 'long':
      return 'D'.repeat([101, 1_000, 7_000, 20_000][slot.pick % 4]);
  }
}

function queryPiece(name: string, value: unknown, slot: Slot): string[] {
  if (value === ABSENT) return [];
  if (slot.strategy === 'odd') return [`${pct(name)}=${ODD_QUERY[slot.pick % ODD_QUERY.length]}`];
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  if (slot.strategy === 'wrongType') {
    // A query string has no types: the nearest thing is a repeated or bracketed parameter.
    return slot.pick % 2 === 0
      ? [`${pct(name)}=a`, `${pct(name)}=b`]
      : [`${pct(name)}[]=${pct(text(value))}`, `${pct(name)}[x]=1`];
  }
  if (slot.strategy === 'repeat')
    return [`${pct(name)}=${pct(text(value))}`, `${pct(name)}=${pct(text(value))}`];
  if (slot.strategy === 'empty' && slot.pick % 2 === 0) return [pct(name)];
  return [`${pct(name)}=${pct(text(value))}`];
}

function pathPiece(value: unknown, slot: Slot): string {
  if (value === ABSENT) return '';
  if (slot.strategy === 'odd') return ODD_QUERY[slot.pick % ODD_QUERY.length];
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return pct(text);
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The body as a JS value (before encoding), from the schema and the mutations. */
function bodyValue(op: Operation, recipe: Recipe, world: World): unknown {
  const schema = op.body ?? { type: 'object', properties: {} };
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const object: Record<string, unknown> = {};
  names.forEach((name, index) => {
    const slot = recipe.slots[index % recipe.slots.length];
    const required = schema.required?.includes(name) ?? false;
    if (!required && slot.pick % 3 === 0) return;
    const value = memberValue(name, properties[name], slot, world, recipe.clean);
    if (value !== ABSENT) object[name] = value;
  });
  recipe.mutations.forEach((mutation, index) => {
    const slot = recipe.slots[(index + 3) % recipe.slots.length];
    const name = names.length > 0 ? names[slot.pick % names.length] : 'x';
    switch (mutation) {
      case 'wrongType':
        object[name] = wrongTypeFor(properties[name] ?? {}, slot);
        break;
      case 'dropRequired':
        for (const required of schema.required ?? []) delete object[required];
        break;
      case 'extraMember':
        setOwn(object, ['extra', '', 'vat_number ', 'VAT_NUMBERS', slot.junk][slot.pick % 5], slot.wrong);
        break;
      case 'proto':
        setOwn(object, '__proto__', { polluted: true, vat_number: 'DE123456704' });
        break;
      case 'constructorProto':
        setOwn(object, 'constructor', { prototype: { polluted: true } });
        break;
      case 'bigArray': {
        const size = [49, 50, 51, 199, 200, 201, 1_000, 1_001, 5_000][slot.pick % 9];
        const fill = [
          () => checksumFailures(1)[0],
          (i: number) => VAT_POOL[i % VAT_POOL.length],
          (i: number) => `LI${10_000 + i}`,
          (i: number) => i,
        ][slot.pick % 4];
        object[names.includes('vat_numbers') ? 'vat_numbers' : name] = Array.from({ length: size }, (_, i) =>
          fill(i),
        );
        break;
      }
      case 'nullMember':
        object[name] = null;
        break;
    }
  });
  if (recipe.encoding === 'deep-array' || recipe.encoding === 'deep-object') {
    object[names[0] ?? 'deep'] = DEEP_PLACEHOLDER;
  }
  if (recipe.encoding === 'invalid-utf8') object[names[0] ?? 'x'] = `DE${BYTES}123456704`;
  switch (recipe.bodyShape) {
    case 'null':
      return null;
    case 'number':
      return recipe.slots[0].pick;
    case 'string':
      return recipe.slots[0].junk;
    case 'array':
      return [];
    case 'wrapped':
      return [object];
    default:
      return object;
  }
}

const DEEP_PLACEHOLDER = '\u0000DEEP\u0000';

/** 10k levels of nesting, as JSON text. */
function deepJson(kind: 'deep-array' | 'deep-object', levels = 10_000): string {
  return kind === 'deep-array'
    ? `${'['.repeat(levels)}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

/** The bytes of the body: JSON text, then the recipe's encoding trick. */
function encodeBody(value: unknown, encoding: Encoding, pick: number): Buffer {
  let text = JSON.stringify(value) ?? 'null';
  if (encoding === 'deep-array' || encoding === 'deep-object') text = text.replace(DEEP, deepJson(encoding));
  switch (encoding) {
    case 'utf8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    case 'utf16le-bom':
      return Buffer.from(`\ufeff${text}`, 'utf16le');
    case 'utf16be': {
      const le = Buffer.from(`\ufeff${text}`, 'utf16le');
      return Buffer.from(le.swap16());
    }
    case 'invalid-utf8': {
      const bad = [
        [0xff],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xe2, 0x82],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0x80],
      ][pick % 6];
      const marker = JSON.stringify(BYTES).slice(1, -1);
      const at = text.indexOf(marker);
      if (at < 0) return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from(bad)]);
      return Buffer.concat([
        Buffer.from(text.slice(0, at), 'utf8'),
        Buffer.from(bad),
        Buffer.from(text.slice(at + marker.length), 'utf8'),
      ]);
    }
    case 'latin1':
      return Buffer.from(text.replace(/\}$/, ',"x":"Zürich ß"}'), 'latin1');
    case 'truncate':
      return Buffer.from(text.slice(0, Math.max(0, (pick % Math.max(1, text.length)) - 1)), 'utf8');
    case 'trailing-garbage':
      return Buffer.from(`${text}${['x', ',', '}', '\u0000', '{}', '\n\n{"a":1}'][pick % 6]}`, 'utf8');
    case 'empty':
      return Buffer.alloc(0);
    case 'whitespace':
      return Buffer.from([' ', '\n\t\r ', '\u00a0', '\u2028'][pick % 4], 'utf8');
    case 'nul-bytes':
      return Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0, 0, 0])]);
    default:
      return Buffer.from(text, 'utf8');
  }
}

function keyHeader(choice: KeyChoice, world: World): { value?: string; principal?: Built['principal'] } {
  const [mode, who] = choice.split(':') as [string, string | undefined];
  if ((mode === 'live' || mode === 'test') && who) {
    const entry = world.keys[`${mode}:${who}`];
    return { value: `Bearer ${entry.key}`, principal: { accountId: entry.accountId, mode: entry.mode } };
  }
  const pro = world.keys['live:pro'];
  switch (choice) {
    case 'revoked':
      return { value: `Bearer ${world.revokedKey}` };
    case 'unknown':
      return { value: `Bearer svc_live_${'A'.repeat(32)}` };
    case 'none':
      return {};
    case 'empty':
      return { value: '' };
    case 'bearer-only':
      return { value: 'Bearer' };
    case 'basic':
      return { value: `Basic ${Buffer.from(`${pro.key}:`).toString('base64')}` };
    case 'token-scheme':
      return { value: `Token ${pro.key}` };
    case 'lowercase-bearer':
      // The scheme is case-insensitive (RFC 9110): this one is valid.
      return { value: `bearer ${pro.key}`, principal: { accountId: pro.accountId, mode: 'live' } };
    case 'padded':
      return { value: `Bearer   ${pro.key}\t`, principal: { accountId: pro.accountId, mode: 'live' } };
    case 'extra-word':
      return { value: `Bearer ${pro.key} extra` };
    case 'short':
      return { value: 'Bearer svc_live_short' };
    case 'other-prefix':
      return { value: `Bearer svc_prod_${pro.key.slice(9)}` };
    case 'long':
      return { value: `Bearer svc_live_${'a'.repeat(8_000)}` };
    case 'quoted':
      return { value: `Bearer "${pro.key}"` };
    case 'unicode':
      // Not a Latin-1 ByteString: fetch refuses it, so only the raw transport sends it (as UTF-8).
      return { value: `Bearer svc_live_${'Ä'.repeat(16)}${'ö'.repeat(16)}` };
  }
  return {};
}

function build(recipe: Recipe, operations: readonly Operation[], world: World): Built {
  const pool = operations.filter((candidate) => candidate.documented !== recipe.extra);
  const op = pool[recipe.op % pool.length];
  const method = recipe.method === 'same' ? op.method : recipe.method;
  let slotIndex = 0;
  const nextSlot = () => recipe.slots[slotIndex++ % recipe.slots.length];

  let path = op.path;
  const query: string[] = [];
  for (const param of op.params) {
    const slot = nextSlot();
    const value = memberValue(param.name, param.schema, slot, world, recipe.clean);
    if (param.in === 'path') path = path.replace(`{${param.name}}`, pathPiece(value, slot));
    else if (value !== ABSENT && (param.required || slot.pick % 4 !== 0))
      query.push(...queryPiece(param.name, value, slot));
  }
  for (const [name, value] of recipe.extraQuery) query.push(`${pct(name)}=${pct(value)}`);
  switch (recipe.pathTweak) {
    case 'trailing-slash':
      path = `${path}/`;
      break;
    case 'double-slash':
      path = path.replace(/^\//, '//');
      break;
    case 'upper-case':
      path = path.toUpperCase();
      break;
    case 'encoded-letter':
      path = path.replace(/v/, '%76');
      break;
    case 'semicolon':
      path = `${path};jsessionid=1`;
      break;
  }
  let target = query.length > 0 || recipe.pathTweak === 'empty-query' ? `${path}?${query.join('&')}` : path;
  if (recipe.pathTweak === 'fragment') target = `${target}#frag`;

  const headers: Array<[string, string]> = [];
  const key = keyHeader(recipe.key, world);
  if (key.value !== undefined) headers.push(['authorization', key.value]);
  if (recipe.requestId !== null) headers.push(['x-request-id', recipe.requestId]);
  if (recipe.accept !== null) headers.push(['accept', recipe.accept]);

  let body: Buffer | undefined;
  const takesBody = op.body !== undefined || !['GET', 'HEAD'].includes(method);
  if (takesBody && recipe.bodyShape !== 'none') {
    body = encodeBody(bodyValue(op, recipe, world), recipe.encoding, recipe.slots[1].pick);
  }
  if (body !== undefined || recipe.slots[2].pick % 5 === 0) {
    if (recipe.contentType === '$dup') {
      headers.push(['content-type', 'application/json'], ['content-type', 'text/plain']);
    } else if (recipe.contentType !== '$none') headers.push(['content-type', recipe.contentType]);
  }
  // What the server sees: HTTP strips leading and trailing spaces and tabs from a field value.
  const sentRequestIds = headers.filter(([name]) => name === 'x-request-id').map(([, value]) => ows(value));
  const description = [
    `${method} ${clip(target, 300)}`,
    `key=${recipe.key}`,
    ...headers.filter(([name]) => name !== 'authorization').map(([n, v]) => `${n}: ${clip(v, 80)}`),
    body === undefined
      ? 'no body'
      : `body (${body.length} bytes, ${recipe.encoding}): ${clip(body.toString('latin1'), 300)}`,
  ].join(' | ');
  return {
    recipe,
    op,
    method,
    target,
    headers,
    body,
    principal: key.principal,
    sentRequestId: sentRequestIds.length > 0 ? sentRequestIds.join(', ') : undefined,
    description,
  };
}

function ows(value: string): string {
  return value.replace(/^[ \t]+|[ \t]+$/g, '');
}

/** The raw-socket form of a built request, with the recipe's raw extras. */
function rawBytes(built: Built, host: string, extras: RawExtras): { bytes: Buffer; sentRequestId?: string } {
  const caseName = (name: string) =>
    extras.headerCase === 'upper'
      ? name.toUpperCase()
      : extras.headerCase === 'mixed'
        ? name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`)
        : name;
  const headers = [...built.headers];
  let sentRequestId = built.sentRequestId;
  if (extras.unicodeRequestId) {
    const filtered = headers.filter(([name]) => name !== 'x-request-id');
    headers.length = 0;
    headers.push(...filtered, ['x-request-id', 'réquest-ïd-✓']);
    sentRequestId = 'réquest-ïd-✓';
  }
  const body =
    built.body ??
    (extras.bodyOnGet && ['GET', 'HEAD'].includes(built.method) ? Buffer.from('{"a":1}') : undefined);
  for (const name of extras.duplicate) {
    if (name === 'content-length') continue;
    const existing = headers.find(([n]) => n === name);
    if (existing) {
      headers.push([name, name === 'authorization' ? 'Bearer svc_live_duplicate' : existing[1]]);
      if (name === 'x-request-id') sentRequestId = `${sentRequestId}, ${ows(existing[1])}`;
    }
  }
  const lines = [`${built.method} ${built.target.replace(/#.*$/, '')} HTTP/${extras.version}`];
  lines.push(`${caseName('host')}: ${host}`);
  for (const [name, value] of headers) lines.push(`${caseName(name)}: ${value}`);
  if (body !== undefined) {
    lines.push(`${caseName('content-length')}: ${body.length}`);
    if (extras.duplicate.includes('content-length'))
      lines.push(`${caseName('content-length')}: ${body.length}`);
  }
  lines.push(`${caseName('connection')}: close`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
  return { bytes: body ? Buffer.concat([head, body]) : head, sentRequestId };
}

// ---------------------------------------------------------------------------------------------
// Bookkeeping: what the answers say was counted
// ---------------------------------------------------------------------------------------------

interface Counted {
  sync: number;
  batchUnits: number;
  asyncSingles: number;
  asyncBatches: number;
  requestIds: Set<string>;
}

/** The path the router sees: dot segments resolved and percent-encoded octets decoded. */
function effectivePath(target: string): string {
  const pathname = new URL(`http://x${target}`).pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

describeEachDialect('attack: OpenAPI-driven fuzzer', (dialect) => {
  let app: TestApp;
  let sim: RegistrySimulator;
  let receiver: Receiver;
  let operations: Operation[];
  let host: string;
  let port: number;
  const world: World = { keys: {}, revokedKey: '', receiverUrl: '', deliveryIds: [] };
  const counted = new Map<string, Counted>();
  const accounts: Array<{ id: string; tier: Tier }> = [];
  const statusTally = new Map<string, number>();
  const deviations = new Map<string, { count: number; example: string }>();
  /** Delivery id → the account it belongs to. */
  const deliveryOwners = new Map<string, string>();
  const opTally = new Map<string, { total: number; passedAuth: number; ok: number }>();
  let cases = 0;

  beforeAll(async () => {
    sim = await startSimulator();
    receiver = await startReceiver();
    const limits = Object.fromEntries(
      TIERS.map((tier) => [tier, { monthly: 1_000_000_000, burst_per_minute: 100_000_000 }]),
    );
    app = await startTestApp(dialect, {
      env: {
        ...sim.env(),
        TIER_LIMITS: JSON.stringify(limits),
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        WEBHOOK_TIMEOUT_MS: '2000',
      },
    });
    const url = new URL(app.url);
    host = url.hostname;
    port = Number(url.port);
    world.receiverUrl = receiver.url;
    for (const tier of [...TIERS, 'other', 'smuggle'] as const) {
      const account = await app.account(tier === 'other' || tier === 'smuggle' ? 'business' : tier);
      accounts.push({ id: account.id, tier: account.tier });
      world.keys[`live:${tier}`] = { key: account.live, accountId: account.id, mode: 'live' };
      world.keys[`test:${tier}`] = { key: account.test, accountId: account.id, mode: 'test' };
      counted.set(account.id, {
        sync: 0,
        batchUnits: 0,
        asyncSingles: 0,
        asyncBatches: 0,
        requestIds: new Set(),
      });
    }
    const now = app.clock.now();
    const victim = await createAccount(accountsOf(app.database), 'Revoked', 'business', now);
    accounts.push({ id: victim.id, tier: 'business' });
    counted.set(victim.id, {
      sync: 0,
      batchUnits: 0,
      asyncSingles: 0,
      asyncBatches: 0,
      requestIds: new Set(),
    });
    const revoked = await createKey(accountsOf(app.database), victim.id, 'live', now);
    await accountsOf(app.database).revokeKey(revoked.id, now);
    world.revokedKey = revoked.key;

    const doc = await app.request('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    operations = [...operationsOf(doc.body as OpenApiDocument), ...EXTRA_OPERATIONS];
    expect(operations.filter((op) => op.documented).length).toBeGreaterThanOrEqual(15);
    await ensureWebhooks();
  });

  afterAll(async () => {
    const line = (map: Map<string, unknown>) =>
      [...map.entries()].map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`).join(' ');
    console.log(
      `[fuzz ${dialect.name}] ${cases} requests; answers by status/code: ${line(statusTally)}\n[fuzz ${dialect.name}] by operation (total/past auth/2xx): ${line(opTally)}`,
    );
    for (const [id, { count, example }] of deviations)
      console.log(
        `[fuzz ${dialect.name}] KNOWN DEVIATION ${id} (${count}x): ${KNOWN_DEVIATIONS[id as KnownDeviation['id']].summary}\n  e.g. ${clip(example, 400)}`,
      );
    if (collected.size > 0)
      console.log(`[fuzz ${dialect.name}] problems:\n${[...collected.values()].join('\n')}`);
    await app?.close();
    await sim?.close();
    await receiver?.close();
  });

  /** Pro and up get a webhook to the receiver (async needs one); the fuzzer may delete or break it. */
  async function ensureWebhooks(): Promise<void> {
    for (const who of ['pro', 'business', 'scale', 'other']) {
      const res = await app.request('PUT', '/v1/webhooks/config', {
        key: world.keys[`live:${who}`].key,
        body: { url: receiver.url, enabled: true },
      });
      expect(res.status, res.text).toBe(200);
      const test = await app.request('POST', '/v1/webhooks/test', { key: world.keys[`live:${who}`].key });
      expect(test.status, test.text).toBe(200);
      if (typeof test.body?.data?.id === 'string') {
        world.deliveryIds.push(test.body.data.id);
        deliveryOwners.set(test.body.data.id, world.keys[`live:${who}`].accountId);
      }
    }
  }

  /** Checks one answer, updates the bookkeeping; returns the problems found. */
  function judge(built: Built, answer: Answer, sentRequestId: string | undefined): string[] {
    cases += 1;
    const path = effectivePath(built.target);
    const context: AnswerContext = { method: built.method, path, sentRequestId };
    let problems = answerProblems(context, answer);
    if (answer.ms > HANG_MS) problems.push(`took ${Math.round(answer.ms)} ms`);
    const known =
      problems.length > 0
        ? knownDeviation(answer, { target: built.target, dialect: dialect.name })
        : undefined;
    if (known) {
      const seen = deviations.get(known.id);
      deviations.set(known.id, {
        count: (seen?.count ?? 0) + 1,
        example: seen?.example ?? built.description,
      });
      problems = [];
    }

    const json = parseJson(answer.text) as
      | { error?: { code?: string }; data?: Record<string, unknown> & { results?: unknown[]; id?: unknown } }
      | undefined;
    const code = json?.error?.code;
    const tallyKey = `${answer.status}${code ? `:${code}` : ''}`;
    statusTally.set(tallyKey, (statusTally.get(tallyKey) ?? 0) + 1);
    const opEntry = opTally.get(built.op.id) ?? { total: 0, passedAuth: 0, ok: 0 };
    opEntry.total += 1;
    if (answer.status !== 401) opEntry.passedAuth += 1;
    if (answer.status < 300) opEntry.ok += 1;
    opTally.set(built.op.id, opEntry);

    // What the service counted against the quota, by what it answered.
    const principal = built.principal;
    if (principal && principal.mode === 'live') {
      const tally = counted.get(principal.accountId)!;
      const requestId = answer.headers['x-request-id'];
      if (answer.status === 200 && path === '/v1/validate' && ['GET', 'HEAD'].includes(built.method)) {
        tally.sync += 1;
        tally.requestIds.add(requestId);
      }
      if (answer.status === 200 && path === '/v1/validate/batch' && built.method === 'POST') {
        const results = (json?.data?.results ?? []) as Array<{ data?: { vat_number?: string } }>;
        const unique = new Set(results.filter((r) => r.data).map((r) => r.data!.vat_number));
        tally.batchUnits += unique.size;
        if (unique.size > 0) tally.requestIds.add(requestId);
      }
      if (answer.status === 202 && path === '/v1/validate/async') tally.asyncSingles += 1;
      if (answer.status === 202 && path === '/v1/validate/async/batch' && json?.data?.batch_id)
        tally.asyncBatches += 1;
    }
    if (answer.status === 200 && typeof json?.data?.id === 'string' && path.startsWith('/v1/webhooks/')) {
      world.deliveryIds.push(json.data.id);
      // Deliveries belong to an account and a key mode (decisions section 7); only live ones are checked below.
      if (principal?.mode === 'live') deliveryOwners.set(json.data.id, principal.accountId);
    }
    return problems;
  }

  /** FUZZ_COLLECT=1: log every distinct problem instead of stopping at the first (for diagnosis). */
  const collected = new Map<string, string>();
  let previous = '';
  function fail(built: Built, answer: Answer | undefined, problems: string[]): void {
    const seen = answer
      ? `answer: ${answer.status} ${JSON.stringify(answer.headers)} ${clip(answer.text, 600)}`
      : 'no answer';
    const message = `${problems.join('; ')}\n  request: ${built.description}\n  ${seen}\n  previous: ${previous}`;
    if (!COLLECT) throw new Error(message);
    const signature = `${built.op.id} ${problems[0].replace(/[0-9a-f-]{36}|\d+/g, '#').slice(0, 120)}`;
    if (!collected.has(signature)) collected.set(signature, message);
  }

  it('answers every schema-built, mutated request (fetch) with a documented status in the envelope', async () => {
    let count = 0;
    await fc.assert(
      fc.asyncProperty(recipeArb(false), async (recipe) => {
        count += 1;
        if (count % 250 === 0) await ensureWebhooks();
        const built = build(recipe, operations, world);
        if (recipe.key === 'unicode')
          built.headers = built.headers.filter(([name]) => name !== 'authorization');
        const body = ['GET', 'HEAD'].includes(built.method) ? undefined : built.body;
        const outcome = await fetchExchange(
          app.url,
          { method: built.method, target: built.target, headers: built.headers, body },
          HANG_MS,
        );
        if (outcome.kind === 'failure') return fail(built, undefined, [`no answer: ${outcome.reason}`]);
        const problems = judge(built, outcome.answer, built.sentRequestId);
        if (problems.length > 0) fail(built, outcome.answer, problems);
        previous = `${built.description} => ${outcome.answer.status}`;
      }),
      { numRuns: runs(2_800), seed: SEED, interruptAfterTimeLimit: 150_000 },
    );
  }, 240_000);

  it('answers raw-socket variants (duplicated headers, HTTP/1.0, bodies on GET, UTF-8 header bytes) in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(recipeArb(true), async (recipe) => {
        const built = build(recipe, operations, world);
        const { bytes, sentRequestId } = rawBytes(built, `${host}:${port}`, recipe.raw!);
        built.description = `raw ${JSON.stringify(recipe.raw)} | ${built.description}`;
        // No half-close: Node's server aborts a request whose client sent FIN (httpAllowHalfOpen is
        // false), which is a client hanging up, not something to judge. Connection: close ends it.
        const outcome = await rawExchange(host, port, bytes, {
          timeoutMs: HANG_MS,
          head: built.method === 'HEAD',
          end: false,
        });
        if (outcome.kind !== 'answer')
          return fail(built, undefined, [
            `no answer (${outcome.kind}): ${clip(outcome.raw.toString('latin1'), 300)}`,
          ]);
        const problems = judge(built, outcome.answer, sentRequestId);
        if (problems.length > 0) fail(built, outcome.answer, problems);
      }),
      { numRuns: runs(500), seed: SEED, interruptAfterTimeLimit: 60_000 },
    );
  }, 120_000);

  it('answers huge, deep and wide bodies (up to 2 MB, 10k levels, thousands of items) without a 5xx or a hang', async () => {
    const bodyOps = () => operations.filter((op) => op.body !== undefined);
    const heavyArb = fc.record({
      op: fc.nat(),
      key: fc.constantFrom<KeyChoice>(
        'live:business',
        'live:scale',
        'test:business',
        'live:pro',
        'live:free',
      ),
      kind: fc.constantFrom(
        'member-string',
        'whole-string',
        'deep-array',
        'deep-object',
        'deep-in-member',
        'wide-array',
        'many-members',
      ),
      size: fc.constantFrom(1_000, 100_000, 1_048_000, 1_048_576, 1_048_577, 1_500_000, 2_000_000),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', null),
      pick: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(heavyArb, async (heavy) => {
        const ops = bodyOps();
        const op = ops[heavy.op % ops.length];
        const key = keyHeader(heavy.key, world);
        const member = op.body?.required?.[0] ?? 'x';
        let text: string;
        switch (heavy.kind) {
          case 'member-string':
            text = JSON.stringify({ [member]: 'D'.repeat(heavy.size) });
            break;
          case 'whole-string':
            text = JSON.stringify('D'.repeat(heavy.size));
            break;
          case 'deep-array':
            text = deepJson('deep-array', Math.min(heavy.size, 100_000));
            break;
          case 'deep-object':
            text = deepJson('deep-object', Math.min(heavy.size, 100_000));
            break;
          case 'deep-in-member':
            text = `{"${member}":${deepJson(heavy.pick % 2 === 0 ? 'deep-array' : 'deep-object', 10_000)}}`;
            break;
          case 'wide-array': {
            const n = Math.min(Math.floor(heavy.size / 16), 100_000);
            const items = Array.from({ length: n }, (_, i) => VAT_POOL[(heavy.pick + i) % VAT_POOL.length]);
            text = JSON.stringify({
              [member]: op.body?.properties?.[member]?.type === 'array' ? items : items[0],
              pad: n,
            });
            break;
          }
          default: {
            const n = Math.min(Math.floor(heavy.size / 12), 100_000);
            const object: Record<string, unknown> = {
              [member]: poolValue(member, op.body?.properties?.[member] ?? {}, heavy.pick, world),
            };
            for (let i = 0; i < n; i += 1) object[`m${i}`] = i;
            text = JSON.stringify(object);
          }
        }
        const headers: Array<[string, string]> = [];
        if (key.value) headers.push(['authorization', key.value]);
        if (heavy.contentType) headers.push(['content-type', heavy.contentType]);
        let target = op.path.replace(/\{(\w+)\}/g, () => world.deliveryIds[0] ?? 'x');
        if (heavy.kind === 'member-string' && heavy.pick % 5 === 0)
          target = `${target}?pad=${'q'.repeat(8_000)}`;
        const body = Buffer.from(text, 'utf8');
        const built: Built = {
          recipe: {} as Recipe,
          op,
          method: op.method,
          target,
          headers,
          body,
          principal: key.principal,
          description: `${op.method} ${clip(target, 120)} key=${heavy.key} ${heavy.kind} ${heavy.size} content-type=${heavy.contentType} (${body.length} bytes)`,
        };
        const outcome = await fetchExchange(
          app.url,
          { method: op.method, target, headers, body },
          HANG_MS * 2,
        );
        if (outcome.kind === 'failure') return fail(built, undefined, [`no answer: ${outcome.reason}`]);
        const problems = judge(built, outcome.answer, undefined);
        // The gates (401, 429, 403) come first (decisions section 4); past them an oversized JSON body is 413.
        const gated = [401, 403, 429].includes(outcome.answer.status);
        if (body.length > 1_048_576 && heavy.contentType?.startsWith('application/json') && !gated)
          if (outcome.answer.status !== 413)
            problems.push(`a ${body.length}-byte body was answered ${outcome.answer.status}, not 413`);
        if (problems.length > 0) fail(built, outcome.answer, problems);
      }),
      { numRuns: runs(70), seed: SEED, interruptAfterTimeLimit: 60_000 },
    );
  }, 120_000);

  it('answers malformed and ambiguous HTTP/1.x messages (raw sockets) without a 5xx, a hang or a smuggled request', async () => {
    const h = `${host}:${port}`;
    const testKey = world.keys['test:business'].key;
    const smuggled = `GET /v1/validate?vat_number=${checksumFailures(1)[0]} HTTP/1.1\r\nHost: ${h}\r\nAuthorization: Bearer ${world.keys['live:smuggle'].key}\r\n\r\n`;
    const json = '{"vat_numbers":["LI12345"]}';
    const post = (headers: string, body: string, close = true) =>
      `POST /v1/validate/batch HTTP/1.1\r\nHost: ${h}\r\nAuthorization: Bearer ${testKey}\r\nContent-Type: application/json\r\n${headers}${close ? 'Connection: close\r\n' : ''}\r\n${body}`;
    const get = (target: string, headers = '', version = '1.1') =>
      `GET ${target} HTTP/${version}\r\nHost: ${h}\r\nAuthorization: Bearer ${testKey}\r\n${headers}Connection: close\r\n\r\n`;
    const len = json.length;
    const chunked = `${len.toString(16)}\r\n${json}\r\n0\r\n\r\n`;
    interface RawCase {
      name: string;
      bytes: string | Buffer;
      /** The server may close without any answer (an incomplete or hopeless message). */
      mayClose?: boolean;
      /** Send FIN after the bytes. */
      end?: boolean;
      /** Exactly this status is the right answer. */
      status?: number;
    }
    const cases: RawCase[] = [
      { name: 'baseline', bytes: post(`Content-Length: ${len}\r\n`, json), status: 200 },
      { name: 'chunked body', bytes: post('Transfer-Encoding: chunked\r\n', chunked), status: 200 },
      {
        name: 'chunk extension and trailer',
        bytes: post(
          'Transfer-Encoding: chunked\r\n',
          `${len.toString(16)};ext=1\r\n${json}\r\n0\r\nX-Trailer: 1\r\n\r\n`,
        ),
      },
      {
        name: 'Content-Length longer than the body, then FIN',
        bytes: post(`Content-Length: ${len + 10}\r\n`, json),
        end: true,
        mayClose: true,
      },
      {
        name: 'Content-Length shorter than the body: the rest is a pipelined request',
        bytes: post(
          `Content-Length: ${len}\r\n`,
          `${json}GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
          false,
        ),
      },
      {
        name: 'Content-Length shorter than the body: the rest is garbage',
        bytes: post(`Content-Length: ${len - 5}\r\n`, `${json}\u0000\u0001garbage\r\n\r\n`),
      },
      { name: 'Content-Length -1', bytes: post('Content-Length: -1\r\n', json) },
      { name: 'Content-Length abc', bytes: post('Content-Length: abc\r\n', json) },
      { name: 'Content-Length +27', bytes: post(`Content-Length: +${len}\r\n`, json) },
      { name: 'Content-Length with leading zeros', bytes: post(`Content-Length: 000${len}\r\n`, json) },
      { name: 'Content-Length in hex', bytes: post(`Content-Length: 0x${len.toString(16)}\r\n`, json) },
      {
        name: 'Content-Length beyond 2^64',
        bytes: post('Content-Length: 99999999999999999999999\r\n', json),
      },
      {
        name: 'Content-Length 2 GiB (past the body limit)',
        bytes: post('Content-Length: 2147483648\r\n', json),
        mayClose: true,
      },
      {
        name: 'two different Content-Lengths',
        bytes: post(`Content-Length: ${len}\r\nContent-Length: ${len + 1}\r\n`, json),
      },
      {
        name: 'two equal Content-Lengths',
        bytes: post(`Content-Length: ${len}\r\nContent-Length: ${len}\r\n`, json),
      },
      { name: 'Content-Length list', bytes: post(`Content-Length: ${len}, ${len}\r\n`, json) },
      {
        name: 'CL.TE smuggling',
        bytes: post('Content-Length: 5\r\nTransfer-Encoding: chunked\r\n', `0\r\n\r\n${smuggled}`, false),
        mayClose: true,
      },
      {
        name: 'TE.CL smuggling',
        bytes: post(
          'Transfer-Encoding: chunked\r\nContent-Length: 3\r\n',
          `1\r\nx\r\n0\r\n\r\n${smuggled}`,
          false,
        ),
        mayClose: true,
      },
      {
        name: 'TE chunked twice',
        bytes: post('Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n', chunked),
      },
      {
        name: 'TE xchunked + CL',
        bytes: post(`Transfer-Encoding: xchunked\r\nContent-Length: ${len}\r\n`, json),
      },
      { name: 'TE chunked, identity', bytes: post('Transfer-Encoding: chunked, identity\r\n', chunked) },
      { name: 'TE identity', bytes: post('Transfer-Encoding: identity\r\n', json), mayClose: true },
      {
        name: 'TE with a space before the colon',
        bytes: post(`Transfer-Encoding : chunked\r\nContent-Length: ${len}\r\n`, json),
      },
      {
        name: 'TE folded onto a continuation line',
        bytes: post(`Transfer-Encoding:\r\n chunked\r\nContent-Length: ${len}\r\n`, json),
      },
      { name: 'TE in upper case', bytes: post('Transfer-Encoding: CHUNKED\r\n', chunked) },
      {
        name: 'chunk size not hex',
        bytes: post('Transfer-Encoding: chunked\r\n', `zz\r\n${json}\r\n0\r\n\r\n`),
      },
      {
        name: 'chunk size overflowing',
        bytes: post('Transfer-Encoding: chunked\r\n', `ffffffffffffffffffff\r\n${json}\r\n0\r\n\r\n`),
      },
      {
        name: 'chunk shorter than announced, then FIN',
        bytes: post('Transfer-Encoding: chunked\r\n', `ff\r\n${json}\r\n`),
        end: true,
        mayClose: true,
      },
      {
        name: 'LF-only line endings',
        bytes: post(`Content-Length: ${len}\r\n`, json).replace(/\r\n/g, '\n'),
      },
      { name: 'bare CR in a header value', bytes: get('/health', 'X-A: a\rb\r\n') },
      { name: 'NUL in a header value', bytes: get('/health', 'X-A: a\u0000b\r\n') },
      { name: 'header line without a colon', bytes: get('/health', 'NoColonHere\r\n') },
      { name: 'space inside a header name', bytes: get('/health', 'X Bad: 1\r\n') },
      {
        name: 'UTF-8 bytes in the Authorization header',
        bytes: Buffer.from(get('/v1/rates/DE').replace(testKey, `svc_live_${'Ä'.repeat(32)}`), 'utf8'),
      },
      {
        name: 'Latin-1 bytes in X-Request-Id',
        bytes: Buffer.from(get('/health', 'X-Request-Id: \u00e9t\u00e9\r\n'), 'latin1'),
      },
      { name: 'HTTP/1.0 without Host', bytes: 'GET /health HTTP/1.0\r\n\r\n', status: 200 },
      {
        name: 'HTTP/1.0 POST with keep-alive',
        bytes: post(`Content-Length: ${len}\r\n`, json).replace('HTTP/1.1', 'HTTP/1.0'),
      },
      {
        name: 'HTTP/1.1 without Host',
        bytes: `GET /v1/rates/DE HTTP/1.1\r\nAuthorization: Bearer ${testKey}\r\nConnection: close\r\n\r\n`,
      },
      { name: 'two Host headers', bytes: get('/health', `Host: other\r\n`) },
      { name: 'HTTP/2.0 on the request line', bytes: get('/health', '', '2.0') },
      { name: 'HTTP/9.9 on the request line', bytes: get('/health', '', '9.9') },
      { name: 'HTTP/0.9 request', bytes: 'GET /health\r\n\r\n', mayClose: true },
      { name: 'HTTP/2 preface', bytes: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', mayClose: true },
      { name: 'lower-case method', bytes: get('/health').replace(/^GET/, 'get') },
      { name: 'unknown method', bytes: get('/health').replace(/^GET/, 'FOO') },
      { name: 'very long method', bytes: get('/health').replace(/^GET/, 'G'.repeat(5_000)) },
      { name: 'absolute-form target', bytes: get('http://evil.example/v1/rates/DE') },
      { name: 'asterisk-form target', bytes: get('*').replace(/^GET/, 'OPTIONS') },
      { name: 'target without a leading slash', bytes: get('v1/rates/DE') },
      {
        name: 'tab between request-line parts',
        bytes: get('/health').replace('GET /health', 'GET\t/health'),
      },
      { name: 'raw space in the target', bytes: get('/v1/validate?vat_number=DE 123456704') },
      {
        name: 'raw non-ASCII in the target',
        bytes: Buffer.from(get('/v1/validate?vat_number=DÉ123456704'), 'utf8'),
      },
      { name: 'one 20 KiB header', bytes: get('/health', `X-Big: ${'a'.repeat(20_480)}\r\n`) },
      { name: 'a 100 KiB target', bytes: get(`/v1/validate?vat_number=${'1'.repeat(102_400)}`) },
      {
        name: '3,000 small headers',
        bytes: get('/health', Array.from({ length: 3_000 }, (_, i) => `X-H${i}: ${i}\r\n`).join('')),
      },
      {
        name: 'Expect: 100-continue',
        bytes: post(`Content-Length: ${len}\r\nExpect: 100-continue\r\n`, json),
        status: 200,
      },
      { name: 'Expect: something else', bytes: post(`Content-Length: ${len}\r\nExpect: bogus\r\n`, json) },
      {
        name: 'Upgrade: websocket',
        bytes: get(
          '/health',
          'Upgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n',
        ).replace('Connection: close', 'Connection: Upgrade, close'),
        mayClose: true,
      },
      {
        name: 'Upgrade: h2c',
        bytes: get('/health', 'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n').replace(
          'Connection: close',
          'Connection: Upgrade, HTTP2-Settings, close',
        ),
        mayClose: true,
      },
      {
        name: 'TLS ClientHello on the plain port',
        bytes: Buffer.from('16030100a5010000a10303000102030405060708090a0b0c0d0e0f', 'hex'),
        mayClose: true,
      },
      { name: 'nothing, then FIN', bytes: '', end: true, mayClose: true },
      {
        name: 'random bytes',
        bytes: Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)),
        mayClose: true,
      },
    ];
    const failures: string[] = [];
    const summary: string[] = [];
    for (const rawCase of cases) {
      const bytes = typeof rawCase.bytes === 'string' ? Buffer.from(rawCase.bytes, 'latin1') : rawCase.bytes;
      const firstLine = bytes.subarray(0, Math.max(0, bytes.indexOf('\n'))).toString('latin1');
      const [method = 'GET', target = '/'] = firstLine.split(/[ \t]+/);
      const conversation = await rawConversation(host, port, bytes, { timeoutMs: HANG_MS, end: rawCase.end });
      summary.push(
        `${rawCase.name} → ${conversation.answers.map((a) => a.status).join('+') || (conversation.timedOut ? 'timeout' : 'closed')}`,
      );
      const label = `raw case '${rawCase.name}'`;
      if (conversation.timedOut) failures.push(`${label}: no answer and no close within ${HANG_MS} ms`);
      if (conversation.answers.length === 0 && !rawCase.mayClose && !conversation.timedOut)
        failures.push(
          `${label}: closed without an answer (${clip(conversation.raw.toString('latin1'), 200)})`,
        );
      if (rawCase.status !== undefined && conversation.answers[0]?.status !== rawCase.status)
        failures.push(
          `${label}: answered ${conversation.answers[0]?.status}, expected ${rawCase.status}: ${clip(conversation.answers[0]?.text ?? '', 300)}`,
        );
      for (const answer of conversation.answers) {
        const path = /^\/[\x21-\x7e]*$/.test(target) ? target : '/';
        const built = {
          op: { id: `raw: ${rawCase.name}` },
          method,
          target: path,
          description: label,
        } as Built;
        const problems = judge(built, answer, undefined);
        if (problems.length > 0)
          failures.push(
            `${label}: ${problems.join('; ')}: ${answer.status} ${JSON.stringify(answer.headers)} ${clip(answer.text, 300)}`,
          );
      }
    }
    // Whatever got through, the request hidden in an ambiguous message never ran.
    const db = app.database.db;
    const smuggledRuns = await db
      .selectFrom('validations')
      .select('id')
      .where('account_id', '=', world.keys['live:smuggle'].accountId)
      .execute();
    if (smuggledRuns.length > 0) failures.push(`${smuggledRuns.length} smuggled validation(s) ran`);
    console.log(`[fuzz ${dialect.name}] raw HTTP cases: ${summary.join('; ')}`);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);

  const envelopeOf = async (method: string, target: string, headers: Array<[string, string]>) => {
    const outcome = await fetchExchange(app.url, { method, target, headers }, HANG_MS);
    if (outcome.kind === 'failure') return [`no answer: ${outcome.reason}`];
    return answerProblems({ method, path: target.split('?')[0] }, outcome.answer);
  };
  const rawEnvelopeOf = async (request: string) => {
    const outcome = await rawConversation(host, port, Buffer.from(request, 'latin1'), { timeoutMs: HANG_MS });
    if (outcome.answers.length === 0) return ['no answer'];
    return answerProblems({ method: 'GET', path: '/v1/rates/DE' }, outcome.answers[0]);
  };
  const auth = (): [string, string] => ['authorization', `Bearer ${world.keys['test:pro'].key}`];

  /** Requests refused before routing or by Node's parser: the envelope all the same (src/app.ts). */
  describe('refused before the routes', () => {
    it('a route parameter with malformed percent-encoding (GET /v1/webhooks/deliveries/%FF)', async () => {
      expect(await envelopeOf('GET', '/v1/webhooks/deliveries/%FF', [auth()])).toEqual([]);
    });
    it('a route parameter longer than 100 characters (GET /v1/rates/<101 characters>)', async () => {
      expect(await envelopeOf('GET', `/v1/rates/${'A'.repeat(101)}`, [auth()])).toEqual([]);
    });
    it('a 20 KiB header block', async () => {
      expect(await envelopeOf('GET', '/v1/rates/DE', [auth(), ['x-big', 'a'.repeat(20_480)]])).toEqual([]);
    });
    it('two different Content-Lengths', async () => {
      const request = `POST /v1/validate/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}`;
      expect(await rawEnvelopeOf(request)).toEqual([]);
    });
  });

  /** Former deviations the fuzzer found, fixed since: one reproduction each (decisions section 8). */
  describe('requests Node or PostgreSQL used to refuse outside the envelope', () => {
    it('node-missing-host: an HTTP/1.1 request without Host is answered in the envelope', async () => {
      expect(await rawEnvelopeOf('GET /v1/rates/DE HTTP/1.1\r\nConnection: close\r\n\r\n')).toEqual([]);
    });
    it('node-expectation-failed: Expect: bogus is answered in the envelope with a catalogue status', async () => {
      const request = `GET /v1/rates/DE HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${world.keys['test:pro'].key}\r\nExpect: bogus\r\nConnection: close\r\n\r\n`;
      expect(await rawEnvelopeOf(request)).toEqual([]);
    });
    // SQLite takes NUL in text; PostgreSQL refuses it, so route schemas must stop it first.
    it('postgres-nul-byte: a NUL in a delivery id or ?event= is not a 5xx', async () => {
      const key = ['authorization', `Bearer ${world.keys['live:pro'].key}`] as [string, string];
      const problems = [
        ...(await envelopeOf('GET', '/v1/webhooks/deliveries/%00', [key])),
        ...(await envelopeOf('POST', '/v1/webhooks/deliveries/x%00/replay', [key])),
        ...(await envelopeOf('GET', '/v1/webhooks/deliveries?event=%00', [key])),
      ];
      expect(problems).toEqual([]);
    });
  });

  it("never shows one account's deliveries to another account's key", async () => {
    const liveKeys = ['pro', 'business', 'scale', 'other'].map((who) => world.keys[`live:${who}`]);
    const ids = [...deliveryOwners.keys()].slice(-12);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const owner = deliveryOwners.get(id)!;
      for (const { key, accountId } of liveKeys) {
        const res = await app.request('GET', `/v1/webhooks/deliveries/${encodeURIComponent(id)}`, { key });
        if (accountId === owner) {
          expect(res.status, res.text).toBe(200);
          expect(res.body.data.id).toBe(id);
        } else {
          expect(res.status, `${id} of ${owner} read with the key of ${accountId}: ${res.text}`).toBe(404);
          expect(res.body.error.code).toBe('not_found');
        }
        if (accountId === owner) continue;
        const replay = await app.request('POST', `/v1/webhooks/deliveries/${encodeURIComponent(id)}/replay`, {
          key,
        });
        expect(replay.status, replay.text).toBe(404);
      }
    }
  });

  it('leaves a consistent database: usage = validations recorded (+ async items) = what the answers said', async () => {
    const db = app.database.db;
    const period = periodOf(app.clock.now());
    const problems: string[] = [];
    for (const account of accounts) {
      const tally = counted.get(account.id)!;
      const usage = await db
        .selectFrom('usage')
        .select('used')
        .where('account_id', '=', account.id)
        .where('period', '=', period)
        .executeTakeFirst();
      const used = usage ? Number(usage.used) : 0;
      const rows = await db
        .selectFrom('validations')
        .selectAll()
        .where('account_id', '=', account.id)
        .where('mode', '=', 'live')
        .execute();
      const items = await db
        .selectFrom('async_items')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
      const batches = await db
        .selectFrom('async_batches')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
      const byChannel = (channel: string) => rows.filter((row) => row.channel === channel).length;
      const label = `${account.tier} ${account.id}`;
      if (used !== rows.length + items.length)
        problems.push(`${label}: usage ${used} != ${rows.length} validations + ${items.length} async items`);
      if (byChannel('sync') !== tally.sync)
        problems.push(`${label}: ${byChannel('sync')} sync validations recorded, ${tally.sync} answered 200`);
      if (byChannel('batch') !== tally.batchUnits)
        problems.push(
          `${label}: ${byChannel('batch')} batch validations recorded, ${tally.batchUnits} unique answered`,
        );
      if (byChannel('async') !== 0) problems.push(`${label}: async validations recorded without a worker`);
      const singles = items.filter((item) => item.batch_id === null).length;
      if (singles !== tally.asyncSingles)
        problems.push(`${label}: ${singles} single async items, ${tally.asyncSingles} answered 202`);
      if (batches.length !== tally.asyncBatches)
        problems.push(
          `${label}: ${batches.length} async batches, ${tally.asyncBatches} answered 202 with a batch_id`,
        );
      const batchItems = items.length - singles;
      const uniqueSum = batches.reduce((sum, batch) => sum + Number(batch.unique_count), 0);
      if (batchItems !== uniqueSum)
        problems.push(`${label}: ${batchItems} batch items, batches say ${uniqueSum}`);
      for (const row of rows) {
        const check = checkVatNumber(row.vat_number);
        if (check.kind !== 'checked' || check.number.vatNumber !== row.vat_number)
          problems.push(`${label}: validation row with vat_number ${JSON.stringify(row.vat_number)}`);
        if (![0, 1].includes(Number(row.valid))) problems.push(`${label}: validation row valid=${row.valid}`);
        if (!['vies', 'hmrc', 'uid', 'brreg', 'abr', 'checksum', 'format'].includes(row.source))
          problems.push(`${label}: validation row source ${row.source}`);
        if (!['live', 'cached', 'unavailable', 'degraded', 'unverified'].includes(row.source_status))
          problems.push(`${label}: validation row source_status ${row.source_status}`);
        if (!tally.requestIds.has(row.request_id))
          problems.push(`${label}: validation row for request ${row.request_id}, which was not answered 200`);
      }
      for (const item of items) {
        const check = checkVatNumber(item.input);
        if (check.kind !== 'checked' || check.number.vatNumber !== item.vat_number)
          problems.push(`${label}: async item input ${JSON.stringify(item.input)} vs ${item.vat_number}`);
        if (item.status !== 'pending') problems.push(`${label}: async item ${item.id} is ${item.status}`);
      }
    }
    const cache = await db.selectFrom('validation_cache').selectAll().execute();
    for (const row of cache) {
      const check = checkVatNumber(row.vat_number);
      if (check.kind !== 'checked' || check.number.vatNumber !== row.vat_number)
        problems.push(`cache row with vat_number ${JSON.stringify(row.vat_number)}`);
      if (![0, 1].includes(Number(row.valid))) problems.push(`cache row valid=${row.valid}`);
      if (!['vies', 'hmrc', 'uid', 'brreg', 'abr'].includes(row.source))
        problems.push(`cache row source ${row.source}`);
    }
    const keys = await db.selectFrom('api_keys').select(['id', 'revoked_at', 'key_hash']).execute();
    if (keys.length !== 2 * (TIERS.length + 2) + 1) problems.push(`${keys.length} API keys`);
    if (keys.filter((key) => key.revoked_at !== null).length !== 1) problems.push('revocations changed');
    const tiers = await db.selectFrom('accounts').select(['id', 'tier']).execute();
    for (const account of accounts)
      if (tiers.find((row) => row.id === account.id)?.tier !== account.tier)
        problems.push(`tier of ${account.id} changed`);
    const hooks = await db
      .selectFrom('webhook_endpoints')
      .select(['url', 'signing_secret', 'events'])
      .execute();
    for (const hook of hooks) {
      if (!hook.url.startsWith('https://')) problems.push(`webhook url ${hook.url}`);
      if (!hook.signing_secret.startsWith('whsec_')) problems.push('webhook secret malformed');
      const events = JSON.parse(hook.events) as string[];
      if (!Array.isArray(events) || events.length === 0) problems.push(`webhook events ${hook.events}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // The fuzzer reached the handlers, not only the gates.
    for (const op of operations.filter((o) => o.documented)) {
      const entry = opTally.get(op.id);
      expect(entry?.passedAuth ?? 0, `${op.id} never got past authentication`).toBeGreaterThan(0);
    }
  });
});
