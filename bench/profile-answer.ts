import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cpuOf, drive, driveAnswers } from './answer-cpu-case.js';
import { authed, send } from './measure.js';
import { generatedNumbers } from './numbers.js';
import { formatPerf, perfDuring } from './perf-breakdown.js';
import { cleanupAll, cpuMs, installCleanupHandlers, tempDir } from './processes.js';
import { formatStages, formatSummary, summariseProfile, summariseStages } from './profile-summary.js';
import { createDatabase, type Dialect, startBaseline, startService, startSimulator } from './service.js';

/**
 * One uncached (or cached) answer profiled end to end: the service under --cpu-prof answers
 * distinct numbers 4 at a time with the simulator answering at once, and the profile's time is
 * split by stage (profile-summary.ts STAGES), start-up and warm-up left out. PROFILE=0 runs the
 * service without the profiler and prints its CPU per answer as a multiple of a bare answer's,
 * blocks of each interleaved (for A/B runs). PROFILE=perf samples the service on the CPU with
 * Linux perf instead (perf-breakdown.ts), which V8's wall-clock samples cannot do on a shared
 * machine.
 *   node dist/bench/profile-answer.js [sqlite|postgres] [uncached|cached] [numbers]
 */

const [dialect = 'sqlite', kind = 'uncached', count = '3000'] = process.argv.slice(2);
const here = join(new URL('.', import.meta.url).pathname);
const paths = {
  cli: join(here, '..', 'src', 'cli.js'),
  baselineServer: join(here, 'baseline-server.js'),
  floorServer: join(here, 'floor-server.js'),
};

async function main(): Promise<void> {
  installCleanupHandlers();
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const [simulator, database] = await Promise.all([
    startSimulator(paths),
    createDatabase(dialect as Dialect, postgresUrl),
  ]);
  const profileDir = join(tempDir(), 'profiles');
  const profiling = process.env.PROFILE !== '0' && process.env.PROFILE !== 'perf';
  const service = await startService(paths, database, simulator, {
    accessLog: false,
    nodeArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  // As in the bench (answer-cpu-case.ts): enough answers first for V8 to have compiled the hot code.
  const warm = generatedNumbers(10_000, ['vies'], 800_000);
  const measured = generatedNumbers(Number(count), ['vies'], 900_000);
  await driveAnswers(service, warm, false);
  await driveAnswers(service, warm, true);
  if (kind === 'cached') await driveAnswers(service, measured, false);
  const skipMs = Date.now() - service.spawnedAt;
  if (process.env.PROFILE === 'perf') {
    let serviceMs = 0;
    const breakdown = await perfDuring(service.pid, tempDir(), async () => {
      serviceMs = await cpuOf(service.pid, () => driveAnswers(service, measured, kind === 'cached'));
    });
    await service.stop();
    await simulator.stop();
    const us = (serviceMs * 1000) / measured.length;
    process.stdout.write(
      `${dialect}, ${kind}: ${Math.round(us)} µs CPU per answer (/proc) over ${measured.length} answers\n`,
    );
    process.stdout.write(`${formatPerf(breakdown, us)}\n`);
    return;
  }
  if (!profiling) {
    // A/B runs: the answers in four blocks, each after a block of as many bare answers, so the
    // figure is a multiple of the bare answer's CPU taken in the same minutes.
    const rates = await send(authed(service, '/v1/rates/DE'));
    const bare = await startBaseline(paths, rates.bytes);
    const barePaths = (n: number) => Array<string>(n).fill('/v1/rates/DE');
    await drive(bare.url, barePaths(10_000), {});
    let bareMs = 0;
    let serviceMs = 0;
    const block = Math.ceil(measured.length / 4);
    for (let start = 0; start < measured.length; start += block) {
      const numbers = measured.slice(start, start + block);
      // Four bare answers per answer: a bare block of a few hundred is only a few clock ticks of CPU.
      bareMs += (await cpuOf(bare.pid, () => drive(bare.url, barePaths(numbers.length * 4), {}))) / 4;
      serviceMs += await cpuOf(service.pid, () => driveAnswers(service, numbers, kind === 'cached'));
    }
    await bare.stop();
    await service.stop();
    await simulator.stop();
    const us = (serviceMs * 1000) / measured.length;
    process.stdout.write(
      `${dialect}, ${kind}: ${Math.round(us)} µs CPU per answer = ${(serviceMs / bareMs).toFixed(2)} × bare (${Math.round((bareMs * 1000) / measured.length)} µs) over ${measured.length} answers\n`,
    );
    return;
  }
  const before = cpuMs(service.pid) ?? 0;
  await driveAnswers(service, measured, kind === 'cached');
  const cpuUs = (((cpuMs(service.pid) ?? 0) - before) * 1000) / measured.length;
  await service.stop();
  await simulator.stop();
  process.stdout.write(
    `${dialect}, ${kind}: ${Math.round(cpuUs)} µs CPU per answer (/proc) over ${measured.length} answers\n`,
  );
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = join(profileDir, file);
  // PROFILE_TOP=n adds each stage's functions, and the n functions with the most self time.
  const top = Number(process.env.PROFILE_TOP ?? 0);
  process.stdout.write(`${formatStages(summariseStages(profile, skipMs, measured.length), top > 0)}\n`);
  if (top > 0) process.stdout.write(`${formatSummary(summariseProfile(profile, top, skipMs))}\n`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 2;
  })
  .finally(() => cleanupAll());
