import {
  authed,
  type BenchCase,
  CACHED_NUMBER,
  expectOk,
  type Measured,
  measureWarm,
  throughputRow,
  warmUp,
} from './measure.js';

/**
 * A decision with a cached buyer number against a cached validation (target: at most 1.5 × its
 * CPU per request): POST /v1/decisions for services from DE to an Austrian business whose number
 * the cache holds (a reverse charge: the check, the rules table, the note, the hash and the insert
 * of the decision), and GET /v1/validate for the same number, measured one after the other on one
 * service process, CPU time of the process per request.
 */

const TARGET = 1.5;
const ROUNDS = 3;

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
    const tool = ctx.settings.ceilingTool;
    await warmUp(ctx.settings, validation, tool, 1);
    await warmUp(ctx.settings, decision, tool, 1);
    const rounds: { validated: Measured[]; decided: Measured[] } = { validated: [], decided: [] };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.validated.push(await measureWarm(ctx.settings, service.pid, validation, tool));
      rounds.decided.push(await measureWarm(ctx.settings, service.pid, decision, tool));
    }
    const cpuOf = (runs: Measured[]) => {
      const requests = runs.reduce((sum, run) => sum + run.stats.requests, 0);
      const cpu = runs.reduce(
        (sum, run) => sum + (run.cpuUsPerRequest ?? Number.NaN) * run.stats.requests,
        0,
      );
      return requests > 0 && Number.isFinite(cpu) ? cpu / requests : undefined;
    };
    const validatedCpu = cpuOf(rounds.validated);
    const decidedCpu = cpuOf(rounds.decided);
    const decided = rounds.decided[rounds.decided.length - 1];
    const ratio = validatedCpu && decidedCpu ? decidedCpu / validatedCpu : undefined;
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
        `Decision CPU ${decidedCpu?.toFixed(0) ?? '?'} µs per request against ${validatedCpu?.toFixed(0) ?? '?'} µs for GET /v1/validate of the same cached number, ${ROUNDS} alternating rounds each on the same process (the row shows the last decision round): ${ratio === undefined ? 'no ratio' : `${ratio.toFixed(2)} ×`}. Every decision and every validation is a record: the database grows by a row per request during the run.`,
      ),
    ];
  },
};
