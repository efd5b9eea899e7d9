import { authed, type BenchCase, CACHED_NUMBER, expectOk, measure, throughputRow } from './measure.js';

/**
 * A decision with a cached buyer number against a cached validation (target: at most 1.5 × its
 * CPU per request): POST /v1/decisions for services from DE to an Austrian business whose number
 * the cache holds (a reverse charge: the check, the rules table, the note, the hash and the insert
 * of the decision), and GET /v1/validate for the same number, measured one after the other on one
 * service process, CPU time of the process per request.
 */

const TARGET = 1.5;

export const decisionCached: BenchCase = {
  id: 'decision',
  title: 'POST /v1/decisions with a cached buyer number, against a cached validation',
  quick: true,
  async run(ctx) {
    const service = await ctx.service({ accessLog: false });
    const validation = authed(service, `/v1/validate?vat_number=${CACHED_NUMBER}`);
    await expectOk(validation, 'warming the cache');
    ctx.cached.add(CACHED_NUMBER);
    const decision = authed(service, '/v1/decisions', {
      method: 'POST',
      body: {
        seller: { country_code: 'DE', vat_number: 'DE123456704' },
        buyer: { country_code: 'AT', vat_number: CACHED_NUMBER },
        supply: { kind: 'services' },
        amount: { net: '100.00', currency: 'EUR' },
      },
    });
    const first = (await expectOk(decision, 'a decision')) as {
      data: { treatment: string; buyer_validation: { source_status: string } };
    };
    if (first.data.buyer_validation.source_status !== 'cached')
      throw new Error(
        `the buyer's number was not answered from the cache (${first.data.buyer_validation.source_status})`,
      );
    const validated = await measure(ctx.settings, service.pid, validation, ctx.settings.ceilingTool);
    const decided = await measure(ctx.settings, service.pid, decision, ctx.settings.ceilingTool);
    const ratio =
      validated.cpuUsPerRequest && decided.cpuUsPerRequest
        ? decided.cpuUsPerRequest / validated.cpuUsPerRequest
        : undefined;
    return [
      throughputRow(
        ctx,
        'POST /v1/decisions (cached buyer number)',
        decided,
        () => [
          {
            label: 'CPU vs cached validation',
            target: `≤ ${TARGET} ×`,
            met: ratio !== undefined && ratio <= TARGET,
            gate: 'absolute',
          },
        ],
        `Decision CPU ${decided.cpuUsPerRequest?.toFixed(0) ?? '?'} µs per request against ${validated.cpuUsPerRequest?.toFixed(0) ?? '?'} µs for GET /v1/validate of the same cached number, measured just before on the same process: ${ratio === undefined ? 'no ratio' : `${ratio.toFixed(2)} ×`}. Every decision is a record: the database grows by one row per request during the run.`,
      ),
    ];
  },
};
