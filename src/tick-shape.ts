import { createHook } from 'node:async_hooks';

/**
 * Preloaded by the start command (`node --import ./dist/src/tick-shape.js …`, see package.json and
 * the Dockerfile), before the service's own modules: keeps one `process.nextTick` queue entry
 * alive for the life of the process.
 *
 * Node builds each nextTick entry as an object literal with computed keys (`[async_id_symbol]`,
 * `[trigger_async_id_symbol]`). V8 keeps the hidden class of such a literal site only weakly: when a
 * major garbage collection runs while no entry is alive (start-up, an idle pause), the class is
 * collected and the next entry turns the site megamorphic for good, after which every nextTick
 * (several per HTTP request, inside Node's streams) defines its properties through the runtime.
 * That happened in about a third of started processes and made each request cost about half
 * again as much CPU. An entry kept alive keeps its class, and through it the classes it was built
 * from. test/ops/tick-shape.test.ts reproduces the fault and shows the preload prevents it.
 */
const retained: object[] = [];
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject' && retained.length === 0) retained.push(resource as object);
  },
});
hook.enable();
try {
  process.nextTick(() => undefined);
} finally {
  hook.disable();
}
