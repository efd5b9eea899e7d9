/**
 * The pair table (test/matching/pairs.csv) through the API, on every dialect: each pair's
 * registered name or address is set on a number of its country in the simulator, which answers in
 * its registry's own protocol (VIES lines, HMRC and Swiss, Norwegian and Australian fields); the
 * trader field is sent with GET /v1/validate, and the service's computed `data.match` is held to
 * the practitioner's judgement. Most of the table was written before the rules: it is not expected
 * to agree everywhere, but at least 95 % of pairs, and never with a `match` the practitioner did
 * not accept.
 */
import { expect, it } from 'vitest';
import { useLiveApp, validate } from '../e2e/live.js';
import { describeEachDialect } from '../helpers/dialects.js';
import { accepted, companyFor, numbersFor, type Pair, readPairs, TRADER_FIELD } from './pair-table.js';

const PAIRS = readPairs();
/** Requests in flight at once: enough to finish the table in seconds, few enough for a busy machine. */
const IN_FLIGHT = 8;
const AGREEMENT_AT_LEAST = 0.95;
/** Some 650 lookups through the simulator take 10 to 20 s alone; a busy machine may take several times that. */
const TABLE_TIMEOUT_MS = 300_000;

interface Outcome {
  pair: Pair;
  got: string;
}

describeEachDialect('the pair table through the API', (dialect) => {
  const live = useLiveApp(dialect, {
    // No pair is about a registry's failure: a busy machine must not turn one into a timeout.
    REGISTRY_TIMEOUT_MS: '15000',
    CIRCUIT_FAILURE_THRESHOLD: '1000',
    TIER_LIMITS: JSON.stringify({ business: { burst_per_minute: 100_000 } }),
  });

  it(
    `agrees with the practitioner on at least 95 % of ${PAIRS.length} pairs, and never matches what they did not`,
    async () => {
      const { app, sim } = live;
      const account = await app.account('business');
      const counts = new Map<string, number>();
      for (const pair of PAIRS) counts.set(pair.country, (counts.get(pair.country) ?? 0) + 1);
      const numbers = new Map([...counts].map(([country, count]) => [country, numbersFor(country, count)]));
      const jobs = PAIRS.map((pair) => {
        const vatNumber = numbers.get(pair.country)!.pop()!;
        sim.addCompany(companyFor(pair, vatNumber));
        return { pair, vatNumber };
      });

      const outcomes: Outcome[] = [];
      for (let i = 0; i < jobs.length; i += IN_FLIGHT) {
        const slice = jobs.slice(i, i + IN_FLIGHT);
        const answers = await Promise.all(
          slice.map(({ pair, vatNumber }) =>
            validate(app, account.live, vatNumber, { [TRADER_FIELD[pair.field]]: pair.sent }),
          ),
        );
        answers.forEach((res, k) => {
          const { pair } = slice[k];
          expect(res.status, `${pair.id}: ${res.text}`).toBe(200);
          expect(res.body.data.match.method, pair.id).toBe('computed');
          outcomes.push({ pair, got: res.body.data.match[pair.field] });
        });
      }

      const disagreements = outcomes.filter(({ pair, got }) => !accepted(pair).includes(got as never));
      const falseMatches = disagreements.filter(({ got }) => got === 'match');
      console.info(report(outcomes, disagreements));
      expect(falseMatches.map(({ pair }) => pair.id)).toEqual([]);
      expect(1 - disagreements.length / outcomes.length).toBeGreaterThanOrEqual(AGREEMENT_AT_LEAST);
    },
    TABLE_TIMEOUT_MS,
  );
});

/** Agreement per language, then every pair judged otherwise. */
function report(outcomes: readonly Outcome[], disagreements: readonly Outcome[]): string {
  const byLanguage = new Map<string, { agreed: number; total: number }>();
  for (const { pair, got } of outcomes) {
    const tally = byLanguage.get(pair.language) ?? { agreed: 0, total: 0 };
    tally.total += 1;
    if (accepted(pair).includes(got as never)) tally.agreed += 1;
    byLanguage.set(pair.language, tally);
  }
  const languages = [...byLanguage]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, { agreed, total }]) => `${language} ${agreed}/${total}`)
    .join(', ');
  const lines = disagreements.map(
    ({ pair, got }) =>
      `  ${pair.id} ${pair.field}: ${got}, judged ${accepted(pair).join(' or ')} (${pair.sent} | ${pair.registered})`,
  );
  const agreed = outcomes.length - disagreements.length;
  return [
    `pair table: ${agreed}/${outcomes.length} agree (${((100 * agreed) / outcomes.length).toFixed(1)} %); ${languages}`,
    ...lines,
  ].join('\n');
}
