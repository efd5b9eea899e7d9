import type { TraderFields } from '../src/matching/compare.js';
import type { ValidationAnswer } from '../src/validation/answer.js';
import { withMatch } from '../src/validation/match.js';
import type { BenchCase } from './measure.js';

/**
 * What the computed comparison adds to an answer (target: at most 50 µs of CPU with all five
 * trader fields): in this process, `withMatch` over registered names and addresses of eight
 * countries and scripts, with every trader field sent, against the same answers without trader
 * fields, CPU time (user + system, garbage collection included) per answer.
 */

const TARGET_US = 50;
const ROUNDS = 20_000;
const WARM_UP = 3_000;

interface Sample {
  country: string;
  name: string;
  address: string;
  trader: Required<TraderFields>;
}

const SAMPLES: readonly Sample[] = [
  {
    country: 'DE',
    name: 'MÜLLER BAU GESELLSCHAFT MIT BESCHRÄNKTER HAFTUNG',
    address: 'Hauptstraße 5, 10115 Berlin',
    trader: fields('Mueller Bau GmbH', 'GmbH', 'Hauptstr. 5', 'D-10115', 'Berlin'),
  },
  {
    country: 'FR',
    name: 'ATELIER LUMIERE SAS',
    address: '12 RUE DE RIVOLI, 75004 PARIS',
    trader: fields('Atelier Lumière SAS', 'SAS', '12, r. de Rivoli', '75004', 'Paris'),
  },
  {
    country: 'NL',
    name: 'Grachten Techniek B.V.',
    address: 'KEIZERSGRACHT 00123, 1015CJ AMSTERDAM',
    trader: fields('Grachten Techniek BV', 'B.V.', 'Keizersgracht 123', '1015 CJ', 'Amsterdam'),
  },
  {
    country: 'PL',
    name: 'WISŁA MEBLE SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    address: 'UL. MARSZAŁKOWSKA 1, 00-624 WARSZAWA',
    trader: fields('Wisla Meble sp. z o.o.', 'sp. z o.o.', 'Marszałkowska 1', '00-624', 'Warsaw'),
  },
  {
    country: 'EL',
    name: 'ΟΛΥΜΠΙΑΚΗ ΕΛΑΙΟΥΡΓΙΑ Α.Ε.',
    address: 'ΕΡΜΟΥ 8, 10563 - ΑΘΗΝΑ',
    trader: fields('Olympiaki Elaiourgia AE', 'AE', 'Odos Ermou 8', '105 63', 'Athens'),
  },
  {
    country: 'BG',
    name: 'РИЛА ТРЕЙД ЕООД',
    address: 'гр. София 1000, ул. Витоша 15',
    trader: fields('Рила Трейд ЕООД', 'EOOD', 'ul. Vitosha 15', '1000', 'Sofia'),
  },
  {
    country: 'GB',
    name: 'SIMULATED WIDGETS LIMITED',
    address: '12 London Road, Brighton, BN1 1AA',
    trader: fields('Simulated Widgets Ltd', 'Ltd', '12 London Rd', 'BN1 1AA', 'Brighton'),
  },
  {
    country: 'SE',
    name: 'MÄLAREN VERKTYG AKTIEBOLAG',
    address: 'DROTTNINGGATAN 50, 111 21 STOCKHOLM',
    trader: fields('Malaren Verktyg AB', 'AB', 'Drottningg. 50', 'SE-111 21', 'Stockholm'),
  },
];

function fields(name: string, type: string, street: string, postcode: string, city: string) {
  return {
    trader_name: name,
    trader_company_type: type,
    trader_street: street,
    trader_postcode: postcode,
    trader_city: city,
  };
}

function answerOf(sample: Sample): ValidationAnswer {
  return {
    data: {
      valid: true,
      vat_number: `${sample.country}000000000`,
      country_code: sample.country,
      company: { name: sample.name, address: sample.address },
      requested_at: '2026-11-28T12:00:00.000Z',
      match: null,
    },
    meta: {} as ValidationAnswer['meta'],
  };
}

/** CPU µs per call of `run` over `rounds` calls, after a warm-up. */
function cpuMicroseconds(run: () => unknown, rounds: number): number {
  for (let i = 0; i < WARM_UP; i++) run();
  const started = process.cpuUsage();
  for (let i = 0; i < rounds; i++) run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / rounds;
}

export interface MatchingFigure {
  /** Added CPU µs per answer, by country. */
  added: Array<{ country: string; us: number }>;
  mean: number;
  most: number;
}

export function measureMatching(rounds = ROUNDS): MatchingFigure {
  // Every sample first, so the first one measured does not pay for compiling the others' paths.
  for (let i = 0; i < WARM_UP; i++)
    for (const sample of SAMPLES) JSON.stringify(withMatch(answerOf(sample), sample.trader));
  const added = SAMPLES.map((sample) => {
    const answer = answerOf(sample);
    const without = cpuMicroseconds(() => JSON.stringify(withMatch(answer, undefined)), rounds);
    const withFields = cpuMicroseconds(() => JSON.stringify(withMatch(answer, sample.trader)), rounds);
    return { country: sample.country, us: Math.max(0, withFields - without) };
  });
  const mean = added.reduce((sum, { us }) => sum + us, 0) / added.length;
  return { added, mean, most: Math.max(...added.map(({ us }) => us)) };
}

export const matchingCost: BenchCase = {
  id: 'matching',
  title: 'CPU the computed comparison adds to an answer with all trader fields',
  quick: true,
  async run(ctx) {
    const figure = measureMatching(ctx.settings.quick ? ROUNDS / 4 : ROUNDS);
    const perCountry = figure.added.map(({ country, us }) => `${country} ${us.toFixed(1)}`).join(', ');
    return [
      {
        kind: 'figure',
        name: 'Computed comparison, all five trader fields (added CPU per answer)',
        dialect: ctx.dialect,
        tool: 'process.cpuUsage',
        figure: `mean ${figure.mean.toFixed(1)} µs, most ${figure.most.toFixed(1)} µs (${perCountry})`,
        checks: [
          {
            label: 'added CPU',
            target: `≤ ${TARGET_US} µs`,
            met: figure.most <= TARGET_US,
            gate: 'absolute',
          },
        ],
        note: `In the bench process: \`withMatch\` and the answer's JSON for eight registered names and addresses (German, French, Dutch, Polish, Greek, Bulgarian, British, Swedish), each with all five trader fields sent, less the same answers without trader fields; ${ROUNDS.toLocaleString('en-US')} rounds each after a warm-up, user and system CPU (garbage collection included).`,
      },
    ];
  },
};
