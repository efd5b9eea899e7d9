import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistryStatus, StatusBoard, StatusView } from '../../availability/status.js';
import { ApiError } from '../../errors.js';
import type { BurstLimiter } from '../../limits/burst.js';
import type { RatesSyncStatus, RatesSyncStatusReader } from '../../rates/live-rates.js';
import { VIES_MEMBER_STATES } from '../../registries/gateway.js';
import { SOURCE_NAMES } from '../../registries/names.js';
import { errorResponses, IsoTime, NoQuery, RequestMeta } from '../schemas/common.js';
import { EXAMPLE_NOW, EXAMPLE_REQUEST_ID } from '../schemas/examples.js';

/** Requests per minute one client address may make to the public status. */
export const STATUS_PER_MINUTE = 60;
/** No key: an empty security requirement, so the document shows these as public. */
const PUBLIC: Array<Record<string, string[]>> = [];
const Nullable = (schema: TSchema, options: { description?: string } = {}) =>
  Type.Union([schema, Type.Null()], options);

const RegistryStatusSchema = Type.Object(
  {
    state: Type.Union([Type.Literal('operational'), Type.Literal('degraded'), Type.Literal('down')], {
      description:
        '`down`: the breaker is open or VIES reports the member state unavailable; `degraded`: the breaker is probing, the last call failed, or fewer than 95% of calls were answered over 24 h',
    }),
    checked_at: Nullable(IsoTime, { description: 'Last call or availability report; null when none yet' }),
    availability_24h: Nullable(Type.Number({ minimum: 0, maximum: 100 }), {
      description: 'Percent of calls answered over the last 24 h, all instances; null without calls',
    }),
    latency_ms_24h: Type.Object(
      {
        p50: Nullable(Type.Integer(), {
          description: 'Upper bound of the latency bucket holding the median',
        }),
        p95: Nullable(Type.Integer()),
      },
      { description: 'Latency of answered calls over the last 24 h, in ms (bucketed); null without answers' },
    ),
    breaker: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half_open')]),
    last_failure_at: Nullable(IsoTime),
  },
  { $id: 'RegistryStatus' },
);

const RatesStatusSchema = Type.Object(
  {
    last_sync_at: Nullable(IsoTime, {
      description: 'When the last sync with TEDB ended; null before the first',
    }),
    result: Nullable(Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('refused')]), {
      description:
        '`ok`: TEDB answered and its reply was compared (and applied, when the sync applies); `failed`: TEDB did not answer; `refused`: its reply was malformed or would have removed a country or moved a standard rate by more than 10 points, so nothing was applied',
    }),
    pending_differences: Type.Integer({
      description: 'Differences from TEDB the last sync that compared found and did not apply (report mode)',
    }),
  },
  { description: "The rates' sync with the EU's Taxes in Europe Database (TEDB)" },
);

const ref = Type.Ref(RegistryStatusSchema);
const RedisStatusSchema = Type.Object(
  {
    state: Type.Union([Type.Literal('operational'), Type.Literal('down'), Type.Literal('not_configured')], {
      description:
        '`down`: this instance cannot use Redis (it failed, or did not answer within the command timeout); until it answers again, burst limits are counted by each instance on its own and registry rate limits in the database. `not_configured`: the service runs without Redis',
    }),
    since: Nullable(IsoTime, {
      description: 'When this instance saw the state begin; null when not configured',
    }),
  },
  {
    description:
      'Redis, through which the instances share burst and registry rate limits, as the instance that answered sees it now',
  },
);
const StatusData = Type.Object({
  generated_at: IsoTime,
  rates: RatesStatusSchema,
  redis: RedisStatusSchema,
  registries: Type.Object({
    vies: Type.Intersect([
      ref,
      Type.Object({
        member_states: Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), ref, {
          description: 'One entry per VIES member state (Greece as EL, Northern Ireland as XI)',
        }),
      }),
    ]),
    hmrc: ref,
    uid: ref,
    brreg: ref,
    abr: ref,
    kas: ref,
    ares: ref,
    anaf: ref,
    bzst: ref,
  }),
});

const exampleStatus = (overrides: Partial<RegistryStatus> = {}): RegistryStatus => ({
  state: 'operational',
  checked_at: new Date(EXAMPLE_NOW - 4_000).toISOString(),
  availability_24h: 99.82,
  latency_ms_24h: { p50: 300, p95: 1000 },
  breaker: 'closed',
  last_failure_at: new Date(EXAMPLE_NOW - 7_200_000).toISOString(),
  ...overrides,
});

/** A registry not asked in the last 24 hours: no figures yet. */
const unasked = exampleStatus({
  availability_24h: null,
  latency_ms_24h: { p50: null, p95: null },
  checked_at: null,
  last_failure_at: null,
});

const EXAMPLE_RATES: RatesSyncStatus = {
  last_sync_at: new Date(EXAMPLE_NOW - 21_600_000).toISOString(),
  result: 'ok',
  pending_differences: 0,
};

function exampleView(): StatusView {
  const member_states = Object.fromEntries(
    VIES_MEMBER_STATES.map((code) => [
      code,
      code === 'DE'
        ? exampleStatus({
            state: 'down',
            breaker: 'open',
            availability_24h: 91.4,
            last_failure_at: new Date(EXAMPLE_NOW - 9_000).toISOString(),
          })
        : exampleStatus(),
    ]),
  );
  return {
    generated_at: new Date(EXAMPLE_NOW).toISOString(),
    redis: { state: 'operational', since: new Date(EXAMPLE_NOW - 86_400_000).toISOString() },
    registries: {
      vies: {
        ...exampleStatus({ state: 'degraded', breaker: 'half_open', availability_24h: 98.7 }),
        member_states,
      },
      hmrc: exampleStatus({ latency_ms_24h: { p50: 200, p95: 500 } }),
      uid: exampleStatus(),
      brreg: exampleStatus({ latency_ms_24h: { p50: 100, p95: 200 } }),
      ...Object.fromEntries((['abr', 'kas', 'ares', 'anaf', 'bzst'] as const).map((id) => [id, unasked])),
    } as StatusView['registries'],
  };
}

const DESCRIPTION = `The state of every registry the service asks, and of each VIES member state: \`operational\`, \`degraded\` or \`down\`, the share of calls answered and the latency over the last 24 hours (figures of every instance together), the breaker, and the last failure.

- **No key** needed; limited to ${STATUS_PER_MINUTE} requests per minute per client address (429 \`burst_limit_exceeded\` with \`Retry-After\`).
- **Freshness**: figures are at most a few seconds old (each instance adds its counts every few seconds); \`generated_at\` says when they were computed.
- **Breakers**: while a breaker is \`open\` the service does not call that registry (or member state) and answers validations from its cache (flagged \`stale\`) or with 503 and \`Retry-After\` set to the next probe. VIES's own availability report is read every minute and opens a member state's breaker when it reports it unavailable.
- **Rates**: \`rates\` says when the rates were last compared with the EU's Taxes in Europe Database (TEDB), how it went, and how many differences wait to be applied.
- **Redis** (\`redis\`): whether the instance that answered can use Redis, through which the instances share burst and registry rate limits. While it is \`down\` the service keeps working: each instance counts burst limits on its own, and registry rate limits are kept in the database.
- The same figures as a page: \`/status\`; as gauges: \`/metrics\`.`;

/** GET /v1/status (JSON) and GET /status (the same as a plain HTML page): public, limited per address. */
export function statusRoutes(
  app: FastifyInstance,
  deps: { status: StatusBoard; rates: RatesSyncStatusReader; burst: BurstLimiter },
): void {
  app.addSchema(RegistryStatusSchema);
  const limited = async (request: FastifyRequest) => {
    const decision = await deps.burst.consume(`status-ip:${request.ip}`, STATUS_PER_MINUTE);
    if (!decision.allowed) {
      throw new ApiError(
        'burst_limit_exceeded',
        `More than ${STATUS_PER_MINUTE} status requests in 60 seconds from this address; retry in ${decision.retryAfterSeconds} s.`,
        { 'retry-after': String(decision.retryAfterSeconds) },
      );
    }
  };

  app.get(
    '/v1/status',
    {
      schema: {
        operationId: 'getStatus',
        tags: ['operations'],
        summary: 'Registry status',
        description: DESCRIPTION,
        security: PUBLIC,
        querystring: NoQuery,
        response: {
          200: Type.Object(
            { data: StatusData, meta: RequestMeta },
            {
              description: 'Every registry and VIES member state',
              'x-examples': {
                germany_down: {
                  summary: "Germany's VIES node down, its breaker open",
                  value: {
                    data: { ...exampleView(), rates: EXAMPLE_RATES },
                    meta: { request_id: EXAMPLE_REQUEST_ID },
                  },
                },
              },
            },
          ),
          ...errorResponses(['burst_limit_exceeded', 'validation_error', 'service_unavailable']),
        },
      },
      onRequest: limited,
    },
    async (request) => {
      const [view, rates] = await Promise.all([deps.status.read(), deps.rates.read()]);
      return { data: { ...view, rates }, meta: { request_id: request.id } };
    },
  );

  app.get('/status', { schema: { hide: true }, onRequest: limited }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return statusPage(await deps.status.read());
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function row(name: string, status: RegistryStatus): string {
  const cells = [
    name,
    status.state,
    status.availability_24h === null ? '–' : `${status.availability_24h}%`,
    status.latency_ms_24h.p50 === null ? '–' : `${status.latency_ms_24h.p50} ms`,
    status.latency_ms_24h.p95 === null ? '–' : `${status.latency_ms_24h.p95} ms`,
    status.breaker.replace('_', '-'),
    status.last_failure_at ?? '–',
    status.checked_at ?? '–',
  ];
  return `<tr class="${status.state}">${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
}

/** The registries in the order the page lists them. */
const REGISTRY_ORDER = ['vies', 'hmrc', 'uid', 'brreg', 'abr', 'kas', 'ares', 'anaf', 'bzst'] as const;

/** The status as a page without script: one table of registries, one of VIES member states. */
export function statusPage(view: StatusView): string {
  const head =
    '<tr><th>Registry</th><th>State</th><th>Answered (24 h)</th><th>p50</th><th>p95</th><th>Breaker</th><th>Last failure</th><th>Checked</th></tr>';
  const registries = REGISTRY_ORDER.map((id) => row(SOURCE_NAMES[id], view.registries[id])).join('\n');
  const states = Object.entries(view.registries.vies.member_states)
    .map(([code, status]) => row(code, status))
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Registry status</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;margin-bottom:2rem}td,th{padding:.3rem .7rem;border-bottom:1px solid #ddd;text-align:left}.degraded td:nth-child(2){color:#a60}.down td:nth-child(2){color:#b00;font-weight:bold}.operational td:nth-child(2){color:#070}</style>
</head><body>
<h1>Registry status</h1>
<p>Figures of the last 24 hours, all instances together, as of ${escapeHtml(view.generated_at)}. Also as JSON: <a href="/v1/status">/v1/status</a>.</p>
<p>Shared limits (Redis), as this instance sees it: ${escapeHtml(view.redis.state.replace('_', ' '))}${view.redis.since ? ` since ${escapeHtml(view.redis.since)}` : ''}.</p>
<table>${head}
${registries}</table>
<h2>VIES member states</h2>
<table>${head.replace('Registry', 'Member state')}
${states}</table>
</body></html>
`;
}
