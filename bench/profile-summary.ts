import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Reads a V8 .cpuprofile (`node --cpu-prof`) and lists where the time went: self time per function
 * and per area (a package under node_modules, Node's internals, our own files). `npm run bench --
 * --cpu-prof` calls it for every service process; it also runs alone:
 *   node dist/bench/profile-summary.js file.cpuprofile [top] [skip-ms]
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Time not spent idle (the process's busy time). */
  busyMs: number;
  functions: ProfileEntry[];
  areas: ProfileEntry[];
}

/**
 * `skipMs` leaves out the first milliseconds of the profile (module loading and schema compilation
 * at start-up), so what remains is the process under load.
 */
export function summariseProfile(file: string, top = 15, skipMs = 0): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map<number, number>();
  let totalUs = 0;
  let clockUs = 0;
  // timeDeltas[i] is the time since the previous sample; charge it to the sample it ends on.
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = Math.max(0, profile.timeDeltas[i] ?? 0);
    clockUs += delta;
    if (clockUs < skipMs * 1000) continue;
    totalUs += delta;
    selfByNode.set(profile.samples[i], (selfByNode.get(profile.samples[i]) ?? 0) + delta);
  }
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfByNode) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const where = frame.url ? ` ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const area = areaOf(frame.url, frame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const rank = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs > 0 ? us / busyUs : 0 }));
  return { totalMs: totalUs / 1000, busyMs: busyUs / 1000, functions: rank(functions), areas: rank(areas) };
}

/** `node_modules/fastify/lib/route.js`, `node:internal/…`, `dist/src/…`: enough to find the file. */
function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules);
  const dist = url.indexOf('/dist/');
  if (dist >= 0) return url.slice(dist + 1);
  return url.startsWith('file://') ? basename(url) : url;
}

function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : 'native / V8 builtins';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  const dist = url.indexOf('/dist/');
  if (dist >= 0)
    return url
      .slice(dist + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  return url;
}

export function formatSummary(summary: ProfileSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;
  const lines = [
    `busy ${summary.busyMs.toFixed(0)} ms of ${summary.totalMs.toFixed(0)} ms profiled. Samples are wall-clock: on a ` +
      'busy machine, time spent waiting for a CPU shows up in the function that was running (often a ' +
      'syscall such as writev that woke the load generator), so read those shares with care.',
    'self time by area:',
    ...summary.areas.map((entry) => `  ${pct(entry.share)}  ${entry.name}`),
    'self time by function:',
    ...summary.functions.map((entry) => `  ${pct(entry.share)}  ${entry.name}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, top, skipMs] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node dist/bench/profile-summary.js file.cpuprofile [top] [skip-ms]\n');
    process.exit(2);
  }
  process.stdout.write(
    `${formatSummary(summariseProfile(file, top ? Number(top) : 20, skipMs ? Number(skipMs) : 0))}\n`,
  );
}

/**
 * The stages of an answer, for a profile's breakdown by stage. A sample goes to the first rule
 * that matches a frame of its stack, looked at from the innermost frame outwards, skipping
 * Node.js internals and V8 builtins (a socket write belongs to whoever asked for it); a stack of
 * internals alone goes to its innermost frame's area. Asynchronous continuations start a new
 * stack: the database driver's parsing of a reply, for one, shows under the driver, not the stage
 * that sent the statement.
 */
export const STAGES: ReadonlyArray<{ stage: string; url?: RegExp; fn?: RegExp }> = [
  { stage: 'registry call: HTTP client', url: /undici|registries\/http\.js|http-client\// },
  { stage: 'registry call: SOAP build and parse', url: /fast-xml-parser|strnum|registries\/(xml|vies)\.js/ },
  {
    stage: 'evidence: hashes and row',
    url: /validation\/evidence\.js|store\/evidence\.js|registries\/evidence\.js|evidence-integrity/,
  },
  { stage: 'cache write', url: /store\/cache\.js/, fn: /^put$/ },
  { stage: 'cache read', url: /validation\/cache-read\.js|store\/cache\.js/ },
  { stage: 'quota check', url: /accounts\/quota\.js/ },
  {
    stage: 'charge and record',
    url: /validation\/(record|unsettled-charges)\.js|store\/(charges|records|usage)\.js|postgres\/(batched-)?charges\.js|sqlite\/group-commit\.js|records\/record-shape|\/ids\.js/,
  },
  { stage: 'registry gateway (queues, breaker, availability)', url: /registries\/|availability\// },
  { stage: 'pipeline (parse, coalesce, answer shape)', url: /validation\/|numbers\/|matching\// },
  {
    stage: 'database driver (SQLite, pg, Kysely)',
    url: /better-sqlite3|\/pg\/|pg-protocol|pg-pool|kysely|store\//,
  },
  { stage: 'logging and metrics', url: /pino|prom-client|logger\.js|metrics/ },
  {
    stage: 'HTTP server: Fastify, auth, limits, serialising',
    url: /fastify|find-my-way|avvio|light-my-request|fast-json-stringify|fast-querystring|\/dist\/src\//,
  },
];

export interface StageSummary {
  busyMs: number;
  answers: number;
  stages: ProfileEntry[];
  /** Per stage, its functions with the most self time. */
  topByStage: Map<string, ProfileEntry[]>;
}

/** The profile after `skipMs`, its busy time split by STAGES. */
export function summariseStages(file: string, skipMs: number, answers: number): StageSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOfNode = new Map<number, string>();
  const stageOf = (id: number): string => {
    const known = stageOfNode.get(id);
    if (known !== undefined) return known;
    let found: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !found; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame?.url || frame.url.startsWith('node:')) continue;
      found = STAGES.find(
        (rule) => (!rule.url || rule.url.test(frame.url)) && (!rule.fn || rule.fn.test(frame.functionName)),
      )?.stage;
    }
    const leaf = byId.get(id)?.callFrame;
    const stage =
      found ??
      (leaf?.functionName.startsWith('(')
        ? leaf.functionName
        : leaf?.url.startsWith('node:')
          ? 'Node.js internals (sockets, streams, timers)'
          : 'V8 builtins and other');
    stageOfNode.set(id, stage);
    return stage;
  };
  const totals = new Map<string, number>();
  const byFunction = new Map<string, Map<string, number>>();
  let clockUs = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = Math.max(0, profile.timeDeltas[i] ?? 0);
    clockUs += delta;
    if (clockUs < skipMs * 1000) continue;
    const stage = stageOf(profile.samples[i]);
    if (stage === '(idle)') continue;
    totals.set(stage, (totals.get(stage) ?? 0) + delta);
    const frame = byId.get(profile.samples[i])?.callFrame;
    const name = frame
      ? `${frame.functionName || '(anonymous)'} ${frame.url ? shortUrl(frame.url) : ''}`
      : '?';
    const functions = byFunction.get(stage) ?? new Map<string, number>();
    functions.set(name, (functions.get(name) ?? 0) + delta);
    byFunction.set(stage, functions);
  }
  const busyUs = [...totals.values()].reduce((sum, us) => sum + us, 0);
  const stages = [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs > 0 ? us / busyUs : 0 }));
  const topByStage = new Map(
    [...byFunction].map(([stage, functions]) => [
      stage,
      [...functions]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs > 0 ? us / busyUs : 0 })),
    ]),
  );
  return { busyMs: busyUs / 1000, answers, stages, topByStage };
}

/** The stages, each with its functions of most self time when `functions` is set. */
export function formatStages(summary: StageSummary, functions = false): string {
  const perAnswer = (ms: number) => `${Math.round((ms * 1000) / summary.answers)} µs`.padStart(8);
  const share = (entry: ProfileEntry) => `${(entry.share * 100).toFixed(1).padStart(5)} %`;
  return [
    `busy ${summary.busyMs.toFixed(0)} ms over ${summary.answers} answers (profile clock: ${perAnswer(summary.busyMs).trim()} an answer)`,
    ...summary.stages.flatMap((entry) => [
      `  ${share(entry)}  ${perAnswer(entry.ms)}  ${entry.name}`,
      ...(functions ? (summary.topByStage.get(entry.name) ?? []) : []).map(
        (top) => `        ${share(top)}  ${top.name}`,
      ),
    ]),
  ].join('\n');
}
