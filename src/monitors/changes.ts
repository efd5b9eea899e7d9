import type { MonitorChange, MonitorResult } from './monitor-shape.js';

/**
 * What `monitor.changed` reports: `valid`, `company.name` or
 * `company.address` differing from the last successful check. When `valid` changes it is the one
 * change reported, either way: the company appearing or becoming null follows from it.
 */
export function changesBetween(previous: MonitorResult, current: MonitorResult): MonitorChange[] {
  if (previous.valid !== current.valid) return [{ field: 'valid', from: previous.valid, to: current.valid }];
  const changes: MonitorChange[] = [];
  const fields = [
    ['company.name', (result: MonitorResult) => result.company?.name ?? null],
    ['company.address', (result: MonitorResult) => result.company?.address ?? null],
  ] as const;
  for (const [field, read] of fields) {
    const from = read(previous);
    const to = read(current);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}
