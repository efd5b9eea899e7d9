import type { Clock } from '../../clock.js';
import { checkMonitorJob } from '../../monitors/monitor-service.js';
import type { Stores } from '../../store/stores.js';

export { SCHEDULE_MONITORS_JOB } from '../../monitors/monitor-service.js';

/**
 * The recurring `schedule_monitors` task: queues the checks of monitors that are due,
 * the longest overdue first, while fewer than `slice` are queued or running. After downtime the
 * backlog is therefore worked off `slice` at a time, each check under the registries' limits,
 * instead of filling the jobs table (and the registries) at once. Returns how many it queued.
 */
export async function queueDueMonitors(deps: {
  stores: Stores;
  clock: Clock;
  slice: number;
}): Promise<number> {
  const now = deps.clock.now();
  return deps.stores.transaction(async (stores) => {
    const room = deps.slice - (await stores.monitors.countQueued());
    if (room <= 0) return 0;
    const due = await stores.monitors.due(now, room);
    if (due.length === 0) return 0;
    await stores.jobs.enqueue(
      due.map((monitor) => checkMonitorJob(monitor.id, false, now)),
      now,
    );
    await stores.monitors.markQueued(
      due.map((monitor) => monitor.id),
      now,
    );
    return due.length;
  });
}
