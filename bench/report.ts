import { cpus, loadavg, totalmem } from 'node:os';
import type { LoadStats } from './load-shapes.js';

/**
 * What the cases hand back and how it is printed: a progress line per figure while the run goes, and
 * at the end one Markdown block (machine facts and two tables) ready to paste into the README.
 */

export interface Check {
  /** What is compared, e.g. `ratio`, `p99`, `wall time`. */
  label: string;
  /** The target as printed, e.g. `≥ 0.65 × baseline`. */
  target: string;
  met: boolean;
  /**
   * `ratio` misses fail `--quick` and full runs; `absolute` misses fail full runs; `sanity` (error
   * answers, a broken measurement) always fails.
   */
  gate: 'ratio' | 'absolute' | 'sanity';
}

export interface ThroughputRow {
  kind: 'throughput';
  name: string;
  dialect: string;
  stats: LoadStats;
  peakRssMb?: number;
  /** CPU time of the measured process per request, µs: steadier than req/s on a busy machine. */
  cpuUsPerRequest?: number;
  /** req/s divided by the baseline's req/s in this run. */
  ratio?: number;
  /** The baseline's CPU µs/req divided by this case's: the same ratio, less moved by other load. */
  cpuRatio?: number;
  checks: Check[];
  note?: string;
}

export interface FigureRow {
  kind: 'figure';
  name: string;
  dialect: string;
  tool: string;
  figure: string;
  checks: Check[];
  note?: string;
}

export type Row = ThroughputRow | FigureRow;

export function failedChecks(rows: readonly Row[], quick: boolean): Check[] {
  return rows
    .flatMap((row) => row.checks)
    .filter((check) => !check.met && (check.gate !== 'absolute' || !quick));
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? '–' : value.toFixed(digits);
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

function verdict(checks: readonly Check[]): string {
  const missed = checks.filter((check) => !check.met);
  if (missed.length > 0) return `**missed** (${missed.map((check) => check.label).join(', ')})`;
  // Only sanity checks (no errors): a figure without a target of its own.
  return checks.some((check) => check.gate !== 'sanity') ? 'met' : '–';
}

function targets(checks: readonly Check[]): string {
  const shown = checks.filter((check) => check.gate !== 'sanity');
  return shown.length === 0 ? '–' : shown.map((check) => check.target).join('; ');
}

/** One line while the run goes, to stderr (stdout carries the final table). */
export function progressLine(row: Row): string {
  if (row.kind === 'figure')
    return `  ${row.name} [${row.dialect}]: ${row.figure} → ${verdict(row.checks).replace(/\*/g, '')}`;
  const { stats } = row;
  const ratio = row.ratio === undefined ? '' : `, ${row.ratio.toFixed(2)} × baseline`;
  return (
    `  ${row.name} [${row.dialect}]: ${thousands(stats.rps)} req/s, p50 ${fixed(stats.p50Ms, 1)} ms, p99 ${fixed(stats.p99Ms, 1)} ms, ` +
    `peak RSS ${fixed(row.peakRssMb, 0)} MB, ${fixed(row.cpuUsPerRequest, 0)} µs CPU/req${ratio} (${stats.tool}, ${thousands(stats.requests)} requests` +
    `${stats.failures ? `, ${stats.failures} FAILED: ${stats.failureDetail}` : ''}) → ${verdict(row.checks).replace(/\*/g, '')}`
  );
}

export interface MachineFacts {
  mode: string;
  tools: string;
  /** 1-minute load averages at the start and the end of the run. */
  load: [number, number];
}

export function markdownReport(rows: readonly Row[], facts: MachineFacts): string {
  const cpu = cpus();
  const lines = [
    `Node.js ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown'}), ` +
      `${Math.round(totalmem() / 1024 ** 3)} GB RAM, ${process.platform}/${process.arch}; ${facts.mode}; ${facts.tools}; ` +
      'service, baseline and load generator on the same machine, unpinned; 50 connections; ' +
      `load average ${facts.load[0].toFixed(1)} at the start, ${facts.load[1].toFixed(1)} at the end.`,
    '',
    '| Case | DB | Tool | req/s | p50 ms | p99 ms | Peak RSS MB | CPU µs/req | × baseline | × baseline (CPU) | Target | Verdict |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  const notes: string[] = [];
  const noteMark = (note: string | undefined) => {
    if (!note) return '';
    // The same note on several rows (the baseline of each dialect) is printed once.
    const known = notes.indexOf(note);
    if (known >= 0) return ` [${known + 1}]`;
    notes.push(note);
    return ` [${notes.length}]`;
  };
  for (const row of rows) {
    if (row.kind !== 'throughput') continue;
    const { stats } = row;
    lines.push(
      `| ${row.name}${noteMark(row.note)} | ${row.dialect} | ${stats.tool} | ${thousands(stats.rps)} | ${fixed(stats.p50Ms, 1)} | ` +
        `${fixed(stats.p99Ms, 1)} | ${fixed(row.peakRssMb, 0)} | ${fixed(row.cpuUsPerRequest, 0)} | ${fixed(row.ratio, 2)} | ${fixed(row.cpuRatio, 2)} | ${targets(row.checks)} | ${verdict(row.checks)} |`,
    );
  }
  const figures = rows.filter((row): row is FigureRow => row.kind === 'figure');
  if (figures.length > 0) {
    lines.push('', '| Case | DB | Measured by | Figure | Target | Verdict |', '|---|---|---|---|---|---|');
    for (const row of figures) {
      lines.push(
        `| ${row.name}${noteMark(row.note)} | ${row.dialect} | ${row.tool} | ${row.figure} | ${targets(row.checks)} | ${verdict(row.checks)} |`,
      );
    }
  }
  notes.push(
    'CPU µs/req: user + system CPU time of the measured process (all its threads) divided by the requests served, from /proc. ' +
      "req/s moves with whatever else the 2 cores run; this moves much less. × baseline (CPU) is baseline CPU µs/req ÷ the case's: " +
      'what the req/s ratio would be if each process had a core to itself. Verdicts use the req/s ratio, as the targets are written.',
  );
  lines.push('', ...notes.map((note, index) => `[${index + 1}] ${note}`));
  return lines.join('\n');
}

export function loadAverage(): number {
  return loadavg()[0];
}
