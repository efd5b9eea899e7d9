import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/**
 * Where a process's CPU goes, sampled on the CPU by Linux `perf` (`perf record -F 1999 -p PID`)
 * rather than by V8's profiler. V8 samples the wall clock: on a machine whose cores are shared
 * (the load generator, the database, other work), a process taken off its core inside a system
 * call is charged to that call, so sockets and commits look far heavier than they are. `perf`
 * counts only time on a core, kernel time included, and splits it by what ran: JavaScript the JIT
 * compiled, V8's builtins and runtime, the JIT compiler itself, the garbage collector, SQLite, the
 * kernel. With `--perf-basic-prof` on the sampled process, JIT frames carry their function names
 * (`perf report -i FILE` lists them), though V8 reuses code addresses, so some names are stale.
 */

export interface PerfShare {
  what: string;
  share: number;
}

export interface PerfBreakdown {
  samples: number;
  /** Shares of all samples by kind of code, largest first. */
  kinds: PerfShare[];
  /** Shares by thread name (MainThread, V8Worker: the JIT compiler's and GC's helper threads). */
  threads: PerfShare[];
}

/** Kinds of code, tried in order on `symbol [dso]`; the first that matches takes the sample. */
const KINDS: ReadonlyArray<{ what: string; test: RegExp }> = [
  { what: 'kernel (system calls, scheduling)', test: /\[kernel/ },
  { what: 'SQLite', test: /better_sqlite3|linux-x64\.node|sqlite3|\bwal[A-Z]|pcache|[Bb]tree|balance_/ },
  { what: 'garbage collector', test: /Scaveng|MarkCompact|Heap::|Sweeper|Marking|Evacuat|RecordWrite/ },
  // Before the compiler's names: a JavaScript function's frame names its file, and a file such as
  // fast-xml-parser's OrderedObjParser.js would otherwise be taken for V8's parser.
  { what: 'compiled JavaScript', test: /JS:|\[JIT\]/ },
  {
    what: 'JIT compiler (TurboFan, Maglev, parser)',
    test: /compiler::|turboshaft|maglev|Maglev|Parser|Scanner|Bytecode|Baseline/,
  },
  { what: 'V8 builtins (ICs, promises, strings)', test: /Builtins_/ },
  { what: 'memory (malloc, copies)', test: /malloc|free|memmove|memcpy|memset/ },
  { what: 'other native (V8 runtime, Node.js, OpenSSL, llhttp)', test: /./ },
];

/** Samples `pid` on the CPU while `work` runs; `perf` must be on the PATH. */
export async function perfDuring(
  pid: number,
  dir: string,
  work: () => Promise<void>,
): Promise<PerfBreakdown> {
  const file = join(dir, `perf-${pid}.data`);
  const recorder = spawn('perf', ['record', '-q', '-F', '1999', '-p', String(pid), '-o', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // perf attaches within a few ms; samples before `work` starts would only be idle time.
  await new Promise((resolve) => setTimeout(resolve, 500));
  try {
    await work();
  } finally {
    recorder.kill('SIGINT');
    await once(recorder, 'exit');
  }
  return summarise(file);
}

function summarise(file: string): PerfBreakdown {
  const report = (sort: string) =>
    execFileSync(
      'perf',
      [
        'report',
        '-i',
        file,
        '--no-children',
        '--sort',
        sort,
        '--stdio',
        '-g',
        'none',
        '-F',
        `sample,${sort}`,
      ],
      {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const match = /^\s*(\d+)\s+(.*)$/.exec(line);
        return match ? { samples: Number(match[1]), rest: match[2] } : undefined;
      })
      .filter((row) => row !== undefined);
  const symbols = report('dso,sym');
  const samples = symbols.reduce((sum, row) => sum + row.samples, 0);
  const kinds = new Map<string, number>();
  for (const row of symbols) {
    const kind = KINDS.find(({ test }) => test.test(row.rest))?.what ?? 'other';
    kinds.set(kind, (kinds.get(kind) ?? 0) + row.samples);
  }
  const threads = new Map<string, number>();
  for (const row of report('comm'))
    threads.set(row.rest.trim(), (threads.get(row.rest.trim()) ?? 0) + row.samples);
  const shares = (counts: Map<string, number>) =>
    [...counts]
      .map(([what, count]) => ({ what, share: samples > 0 ? count / samples : 0 }))
      .sort((a, b) => b.share - a.share);
  return { samples, kinds: shares(kinds), threads: shares(threads) };
}

export function formatPerf(breakdown: PerfBreakdown, cpuUsPerAnswer: number): string {
  const line = ({ what, share }: PerfShare) =>
    `  ${(share * 100).toFixed(1).padStart(5)} %  ${Math.round(share * cpuUsPerAnswer)
      .toString()
      .padStart(5)} µs  ${what}`;
  return [
    `on-CPU samples (perf): ${breakdown.samples}; µs is that share of the CPU per answer from /proc`,
    ...breakdown.kinds.map(line),
    'by thread:',
    ...breakdown.threads.map(line),
  ].join('\n');
}
