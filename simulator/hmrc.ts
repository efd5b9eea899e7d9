/**
 * HMRC "Check a UK VAT number" API v2 as the simulator speaks it: the OAuth token endpoint, the API
 * gateway checks (Accept, bearer token) and the two lookup endpoints, byte for byte as in
 * /work/shared/upstreams/hmrc.md (cited as "hmrc.md §n") and its fixtures.
 *
 * Seeded numbers (normalised, as `SimCompany.vatNumber`):
 * - GB123456727     valid, name and a three-line address with postcode (decisions §5 magic number,
 *                   check digits by mod 9755). The everyday "valid GB number" of the test suites.
 * - GB200000179     valid; the requester company: GB lookups with this requester get a consultation number.
 * - GB300000214     valid, name and address withheld (rendered as empty `name` / `line1`, the fields
 *                   the protocol requires stay present); the client must report both as null.
 * - GB400000359     known but deregistered (`vatRegistered: false`): answered 404 NOT_FOUND.
 * - GB500000491001  valid branch trader (12 digits: 500000491 + branch 001).
 * - GB600000539     valid, principal place of business in Ireland (`countryCode` IE, no postcode).
 * - GB553557881     HMRC's documented sandbox VRN (fixtures/hmrc/sandbox-test-vrns.csv), with the
 *                   sandbox's own name and address. It FAILS the local GB check digits on purpose:
 *                   decisions §1 sends GB numbers that fail them to HMRC anyway, and HMRC's sandbox
 *                   numbers mostly do (hmrc.md §7).
 * Not seeded, passes its check digits: GB700000629 (a "not registered" answer, 404 NOT_FOUND).
 *
 * `SimCompany.extra` for HMRC: `postcode` (otherwise taken from the last address line when it looks
 * like a UK postcode) and `countryCode` (default `GB`).
 *
 * Fault codes (`setBehaviour('hmrc', { mode: 'fault', fault })`), named by HMRC error code or status:
 * `429`/`MESSAGE_THROTTLED_OUT` (the gateway's malformed-JSON template), `500`/`INTERNAL_SERVER_ERROR`,
 * `501`/`NOT_IMPLEMENTED`, `503`/`SERVER_ERROR`, `SCHEDULED_MAINTENANCE` (503), `504`/`GATEWAY_TIMEOUT`,
 * `401`/`INVALID_CREDENTIALS`, `MISSING_CREDENTIALS`, `UNAUTHORIZED`, `INCORRECT_ACCESS_TOKEN_TYPE` (401),
 * `403`/`RESOURCE_FORBIDDEN`, `INVALID_SCOPE`, `HTTPS_REQUIRED` (403), `404`/`MATCHING_RESOURCE_NOT_FOUND`,
 * `405`/`METHOD_NOT_ALLOWED`, `406`/`ACCEPT_HEADER_INVALID`, `400`/`INVALID_REQUEST` (target rejected),
 * `NOT_FOUND` (404 for any number: the backend-failure quirk of hmrc.md §4.5), `invalid_client` (the
 * token endpoint refuses the credentials, lookups get 401 INVALID_CREDENTIALS). Unknown codes: 500
 * INTERNAL_SERVER_ERROR.
 * The token endpoint is a separate service at HMRC: it answers normally under the API's own faults and
 * fails only under `invalid_client`, throttling and the 5xx codes.
 *
 * Mode `wrong_number`: a lookup is answered as if another registered VRN (other first nine digits)
 * had been asked, with that VRN in `target.vatNumber`; token requests are answered as usual.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { SimCompany, SimContext, SimRegistry, SimRequest, SimResponse } from './types.js';

const TOKEN_PATH = '/oauth/token';
const LOOKUP_PREFIX = '/organisations/vat/check-vat-number/lookup/';
const ACCEPT = 'application/vnd.hmrc.2.0+json';
const CLIENT_ID = 'simulator-client-id';
const CLIENT_SECRET = 'simulator-client-secret';
/** hmrc.md §4.4: Java `String.matches` makes the regex whole-string: 9 or 12 digits. */
const VRN = /^(?:[0-9]{9}|[0-9]{12})$/;
/** hmrc.md §4.6: A–Z without B G I O S Z. */
const CONSULTATION_LETTERS = 'ACDEFHJKLMNPQRTUVWXY';
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

let tokenLifetimeSeconds = 14_400;
const tokens = new Map<string, number>();
const issuedConsultationNumbers = new Set<string>();

/**
 * Lifetime of tokens issued from now on (hmrc.md §3: 14400 s). Fractions are allowed so tests can make
 * tokens die quickly; `expires_in` stays whole seconds on the wire (rounded up), so such a token dies
 * before the client expects it to, which is how a stale token is provoked.
 */
export function setHmrcTokenLifetime(seconds: number): void {
  tokenLifetimeSeconds = seconds;
}

export const hmrcSim: SimRegistry = {
  id: 'hmrc',
  seed: seedCompanies(),
  handle,
  fault,
  malformed,
  wrongNumber,
  numberOf: (request) => lookupParts(request.path)?.target ?? null,
};

function seedCompanies(): SimCompany[] {
  const company = (
    vatNumber: string,
    name: string,
    addressLines: string[],
    extra?: Record<string, string>,
  ) => ({
    vatNumber,
    name,
    addressLines,
    vatRegistered: true,
    ...(extra ? { extra } : {}),
  });
  return [
    company('GB123456727', 'Simulated Widgets Ltd', ['1 Simulation Street', 'Testington', 'TE1 1ST']),
    company('GB200000179', 'Requester Trading plc', ['Unit 4, Harbour Park', 'Bristol', 'BS1 4QA']),
    company('GB300000214', '', []),
    {
      ...company('GB400000359', 'Closed Down Ltd', ['9 Former Road', 'Leeds', 'LS1 1AA']),
      vatRegistered: false,
    },
    company('GB500000491001', 'Branch Traders Ltd (Manchester branch)', [
      '22 Branch Lane',
      'Manchester',
      'M1 1AE',
    ]),
    company('GB600000539', 'Irish Principal Ltd', ['5 Quay Street', 'Dublin 2'], { countryCode: 'IE' }),
    company('GB553557881', 'Credite Sberger Donal Inc.', ['131B Barton Hamlet'], { postcode: 'SW97 5CK' }),
  ];
}

function handle(request: SimRequest, context: SimContext): SimResponse {
  if (request.path === TOKEN_PATH)
    return request.method === 'POST' ? issueToken(request) : methodNotAllowed();
  const parts = lookupParts(request.path);
  if (!parts) return platformError('MATCHING_RESOURCE_NOT_FOUND');
  if (request.method !== 'GET') return methodNotAllowed();
  // hmrc.md §9: the gateway checks Accept, then the bearer token, before the API sees the request.
  if (String(request.headers.accept ?? '').trim() !== ACCEPT) return platformError('ACCEPT_HEADER_INVALID');
  const token = bearerOf(request.headers.authorization);
  if (token === null) return platformError('MISSING_CREDENTIALS');
  if (!tokenIsValid(token)) return platformError('INVALID_CREDENTIALS');
  return lookup(parts.targetVrn, parts.requesterVrn, context);
}

/** Mode `wrong_number`: the lookup asked again for another registered VRN; other requests as usual. */
function wrongNumber(request: SimRequest, context: SimContext): SimResponse {
  const parts = lookupParts(request.path);
  const other = parts && VRN.test(parts.targetVrn) ? otherRegistered(parts.targetVrn, context) : undefined;
  if (!parts || !other) return handle(request, context);
  const vrns = [other.vatNumber.slice(2), parts.requesterVrn].filter(Boolean);
  return handle({ ...request, path: `${LOOKUP_PREFIX}${vrns.join('/')}` }, context);
}

/** A registered GB company whose VRN does not share the first nine digits of `vrn` (a branch would). */
function otherRegistered(vrn: string, context: SimContext): SimCompany | undefined {
  return context
    .companies()
    .find(
      (company) =>
        company.vatNumber.startsWith('GB') &&
        company.vatRegistered &&
        company.vatNumber.slice(2, 11) !== vrn.slice(0, 9),
    );
}

/** The API layer, hmrc.md §4.4–§4.6: validation order, 404 before 403, compact JSON in key order. */
function lookup(targetVrn: string, requesterVrn: string | undefined, context: SimContext): SimResponse {
  const invalid = invalidVrnMessage(targetVrn, requesterVrn);
  if (invalid) return apiError(400, 'INVALID_REQUEST', invalid);
  const target = registered(context, targetVrn);
  if (!target) return apiError(404, 'NOT_FOUND', 'targetVrn does not match a registered company');
  if (requesterVrn === undefined) {
    return ok({ target: renderTarget(target, targetVrn), processingDate: processingDate() });
  }
  if (!registered(context, requesterVrn)) {
    return apiError(403, 'INVALID_REQUEST', 'requesterVrn does not match a registered company');
  }
  return ok({
    target: renderTarget(target, targetVrn),
    requester: requesterVrn,
    consultationNumber: consultationNumber(),
    processingDate: processingDate(),
  });
}

function invalidVrnMessage(targetVrn: string, requesterVrn: string | undefined): string | null {
  const targetOk = VRN.test(targetVrn);
  const requesterOk = requesterVrn === undefined || VRN.test(requesterVrn);
  const suffix = ' - Vrn parameters should be 9 or 12 digits';
  if (!targetOk && !requesterOk) return `Invalid targetVrn and requesterVrn${suffix}`;
  if (!requesterOk) return `Invalid requesterVrn${suffix}`;
  if (!targetOk) return `Invalid targetVrn${suffix}`;
  return null;
}

function registered(context: SimContext, vrn: string): SimCompany | undefined {
  const company = context.company(`GB${vrn}`);
  return company?.vatRegistered ? company : undefined;
}

/**
 * hmrc.md §4.6: `name`, `vatNumber`, `address.line1` and `address.countryCode` are required, the other
 * lines and the postcode are omitted when absent (never null). A withheld name or address keeps the
 * required members, empty.
 */
function renderTarget(company: SimCompany, vrn: string): Record<string, unknown> {
  const lines = [...company.addressLines];
  let postcode = company.extra?.postcode;
  if (postcode === undefined && lines.length > 1 && UK_POSTCODE.test(lines[lines.length - 1]!.trim())) {
    postcode = lines.pop()!.trim();
  }
  // Five lines at most; anything beyond is folded into line5 rather than lost.
  if (lines.length > 5) lines.splice(4, lines.length - 4, lines.slice(4).join(', '));
  const address: Record<string, string> = { line1: lines[0] ?? '' };
  lines.slice(1).forEach((line, index) => {
    address[`line${index + 2}`] = line;
  });
  if (postcode) address.postcode = postcode;
  address.countryCode = company.extra?.countryCode ?? 'GB';
  return { name: company.name, vatNumber: vrn, address };
}

function issueToken(request: SimRequest): SimResponse {
  const form = new URLSearchParams(request.body);
  if (form.get('grant_type') !== 'client_credentials') {
    return oauthError(400, 'unsupported_grant_type', 'grant type must be client_credentials');
  }
  if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
    return oauthError(401, 'invalid_client', 'invalid client id or secret');
  }
  const scope = form.get('scope') ?? 'read:vat';
  if (!scope.split(' ').every((item) => item === 'read:vat')) {
    return oauthError(400, 'invalid_scope', 'scope is invalid');
  }
  const now = Date.now();
  for (const [value, expiresAt] of tokens) if (expiresAt <= now) tokens.delete(value);
  const token = randomBytes(16).toString('hex');
  tokens.set(token, now + tokenLifetimeSeconds * 1000);
  // hmrc.md §3: compact, key order as captured; expires_in is whole seconds on the wire.
  const body = {
    access_token: token,
    scope,
    expires_in: Math.ceil(tokenLifetimeSeconds),
    token_type: 'bearer',
  };
  return { status: 200, headers: successHeaders(), body: JSON.stringify(body) };
}

function tokenIsValid(token: string): boolean {
  const expiresAt = tokens.get(token);
  return expiresAt !== undefined && expiresAt > Date.now();
}

function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** hmrc.md §4.6: 9 letters from the backend's alphabet as XXX-XXX-XXX, fresh (and here unique) per call. */
function consultationNumber(): string {
  for (;;) {
    const letters = Array.from(
      { length: 9 },
      () => CONSULTATION_LETTERS[randomInt(CONSULTATION_LETTERS.length)],
    );
    const value = `${letters.slice(0, 3).join('')}-${letters.slice(3, 6).join('')}-${letters.slice(6).join('')}`;
    if (!issuedConsultationNumbers.has(value)) {
      issuedConsultationNumbers.add(value);
      return value;
    }
  }
}

/** hmrc.md §4.6: `yyyy-MM-dd'T'HH:mm:ssxxx` in Europe/London (+00:00 or +01:00, never Z). */
function processingDate(now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

function lookupParts(path: string): { targetVrn: string; requesterVrn?: string; target: string } | null {
  if (!path.startsWith(LOOKUP_PREFIX)) return null;
  let segments: string[];
  try {
    segments = path.slice(LOOKUP_PREFIX.length).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
  if (segments.length > 2 || !segments[0]) return null;
  const [targetVrn, requesterVrn] = segments as [string, string | undefined];
  if (requesterVrn === '') return null;
  return { targetVrn, target: `GB${targetVrn}`, ...(requesterVrn === undefined ? {} : { requesterVrn }) };
}

function ok(value: unknown): SimResponse {
  return { status: 200, headers: successHeaders(), body: JSON.stringify(value) };
}

/** hmrc.md §6: the headers of a 200 (the CloudFront ids are left out). */
function successHeaders(): Record<string, string> {
  return {
    'content-type': 'application/json',
    'cache-control': 'no-cache,no-store,max-age=0',
    'content-security-policy': "default-src 'self'",
    'strict-transport-security': 'max-age=31536000;',
    vary: 'Origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
  };
}

/** hmrc.md §4.7: `{code, message}` compact, Play JSON key order; errors carry the 404 header set (§6). */
function apiError(status: number, code: string, message: string): SimResponse {
  return { status, headers: errorHeaders(), body: JSON.stringify({ code, message }) };
}

function errorHeaders(): Record<string, string> {
  return {
    'content-type': 'application/json',
    'cache-control': 'no-cache',
    'content-security-policy': "default-src 'self'",
    'strict-transport-security': 'max-age=31536000;',
    vary: 'Origin',
  };
}

function oauthError(status: number, error: string, description: string): SimResponse {
  return { status, headers: errorHeaders(), body: JSON.stringify({ error, error_description: description }) };
}

function methodNotAllowed(): SimResponse {
  return platformError('METHOD_NOT_ALLOWED');
}

/**
 * Gateway and API failures by code, hmrc.md §4.7. Bodies are the fixtures' bytes where one exists
 * (including the odd spacing of the captured MISSING_CREDENTIALS and the gateway templates, and the
 * malformed 429 template); messages marked "sim" were not captured and are ours.
 */
const PLATFORM_ERRORS: Record<string, { status: number; body: string }> = {
  MESSAGE_THROTTLED_OUT: {
    status: 429,
    body: '{"code": "MESSAGE_THROTTLED_OUT", "message", "The request for the API is throttled as you have exceeded your quota."}',
  },
  INTERNAL_SERVER_ERROR: { status: 500, body: '{"code":"INTERNAL_SERVER_ERROR","message":"Unknown error"}' },
  NOT_IMPLEMENTED: { status: 501, body: '{"code":"NOT_IMPLEMENTED","message":"Not implemented"}' }, // sim
  SERVER_ERROR: { status: 503, body: '{"code":"SERVER_ERROR","message":"Service unavailable"}' }, // sim
  SCHEDULED_MAINTENANCE: {
    status: 503,
    body: '{"code":"SCHEDULED_MAINTENANCE","message":"The API is undergoing maintenance. Please try again later"}', // sim
  },
  GATEWAY_TIMEOUT: { status: 504, body: '{"code":"GATEWAY_TIMEOUT","message":"Gateway timeout"}' }, // sim
  MISSING_CREDENTIALS: {
    status: 401,
    body: '{"code": "MISSING_CREDENTIALS", "message": "Authentication information is not provided"}',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    body: '{"code":"INVALID_CREDENTIALS","message":"Invalid Authentication information provided"}',
  },
  UNAUTHORIZED: {
    status: 401,
    body: '{"code":"UNAUTHORIZED","message":"Bearer token is missing or not authorized"}',
  }, // sim
  INCORRECT_ACCESS_TOKEN_TYPE: {
    status: 401,
    body: '{"code":"INCORRECT_ACCESS_TOKEN_TYPE","message":"The access token type used is not supported when invoking the API"}', // sim
  },
  HTTPS_REQUIRED: { status: 403, body: '{"code":"HTTPS_REQUIRED","message":"HTTPS is required"}' }, // sim
  RESOURCE_FORBIDDEN: {
    status: 403,
    body: '{"code":"RESOURCE_FORBIDDEN","message":"The application is not subscribed to the API which it is attempting to invoke"}',
  },
  INVALID_SCOPE: {
    status: 403,
    body: '{"message":"Can not access the required resource. Ensure this token has all the required scopes.","code":"INVALID_SCOPE"}',
  },
  MATCHING_RESOURCE_NOT_FOUND: {
    status: 404,
    body: '{"code": "MATCHING_RESOURCE_NOT_FOUND", "message": "A resource with the name in the request can not be found in the API"}',
  },
  METHOD_NOT_ALLOWED: { status: 405, body: '{"code":"METHOD_NOT_ALLOWED","message":"Method not allowed"}' }, // sim
  ACCEPT_HEADER_INVALID: {
    status: 406,
    body: '{"code":"ACCEPT_HEADER_INVALID","message":"The accept header is missing or invalid"}',
  },
  INVALID_REQUEST: {
    status: 400,
    body: '{"code":"INVALID_REQUEST","message":"Invalid targetVrn - Vrn parameters should be 9 or 12 digits"}',
  },
  NOT_FOUND: {
    status: 404,
    body: '{"code":"NOT_FOUND","message":"targetVrn does not match a registered company"}',
  },
};

/** Fault codes that are statuses name the usual HMRC code for that status. */
const STATUS_ALIASES: Record<string, string> = {
  '400': 'INVALID_REQUEST',
  '401': 'INVALID_CREDENTIALS',
  '403': 'RESOURCE_FORBIDDEN',
  '404': 'MATCHING_RESOURCE_NOT_FOUND',
  '405': 'METHOD_NOT_ALLOWED',
  '406': 'ACCEPT_HEADER_INVALID',
  '429': 'MESSAGE_THROTTLED_OUT',
  '500': 'INTERNAL_SERVER_ERROR',
  '501': 'NOT_IMPLEMENTED',
  '503': 'SERVER_ERROR',
  '504': 'GATEWAY_TIMEOUT',
};

function platformError(code: string): SimResponse {
  const error = PLATFORM_ERRORS[code] ?? PLATFORM_ERRORS.INTERNAL_SERVER_ERROR!;
  return { status: error.status, headers: errorHeaders(), body: error.body };
}

function fault(code: string, request: SimRequest): SimResponse {
  const name = code === 'invalid_client' ? code : (STATUS_ALIASES[code] ?? code.toUpperCase());
  if (request.path === TOKEN_PATH) {
    if (name === 'invalid_client') return oauthError(401, 'invalid_client', 'invalid client id or secret');
    const error = PLATFORM_ERRORS[name];
    const failsTokens = error === undefined || error.status === 429 || error.status >= 500;
    return failsTokens ? platformError(name) : issueToken(request);
  }
  // Refused client credentials also void the tokens already issued to that application.
  return platformError(name === 'invalid_client' ? 'INVALID_CREDENTIALS' : name);
}

/** A 200 with the right content type whose JSON is cut off mid-way. */
function malformed(request: SimRequest): SimResponse {
  const body =
    request.path === TOKEN_PATH ? '{"access_token":"' : '{"target":{"name":"Simulated Widgets Ltd","vatNu';
  return { status: 200, headers: successHeaders(), body };
}
