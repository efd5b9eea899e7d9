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
