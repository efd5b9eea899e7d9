import { createHook } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';

/**
 * Two V8 settings for a long-running HTTP server, applied by the CLI before any other module of
 * the program runs. Both fix the same kind of fault: a decision V8 takes once, at a random moment
 * early in the process, that then makes every later request slower for the life of the process.
 * Found with `npm run bench` (the same build measured 25-40 % apart from one start to the next) and
 * perf; see the README's benchmark section for the figures.
 *
 * 1. Node's `process.nextTick` builds each queue entry as `{ [async_id_symbol]: …,
 *    [trigger_async_id_symbol]: …, callback, args }`. V8 defines computed-key literal properties
 *    through a runtime function whose feedback is monomorphic or megamorphic, nothing between: when
 *    the hidden class it recorded is gone, the next call makes the site megamorphic for good. Between
 *    two requests no entry is alive, the classes are held only weakly, and a major GC in a quiet
 *    moment (start-up, an idle pause) collects them. From then on every nextTick (four to six per
 *    HTTP request, inside Node's streams) adds its properties in the runtime: 18-19 µs of user CPU
 *    per GET /v1/rates/DE instead of 13-14, in about half of all started processes. One entry kept
 *    alive holds its class and, through back pointers, every class of the chain.
 *
 * 2. Allocation-site pretenuring: when many objects of one allocation site survive a young-generation
 *    GC, V8 allocates that site's objects in the old generation from then on. Once in about ten
 *    starts it so decided for the nextTick entries (perf showed them allocated in the old generation
 *    from the stream functions that queue them): each dead entry then kept the young objects it
 *    points to alive through the next young GCs, about 3 MB was promoted per young GC, young GCs
 *    took 5-7 ms instead of 0.7, and a cached GET /v1/validate cost 50 µs of CPU instead of 36.
 *    A server's per-request objects die young, so the heuristic has nothing to win here.
 */
let retained: object | undefined;

export function applyRuntimeTuning(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
  if (retained !== undefined) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && retained === undefined) retained = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(noop);
  } finally {
    hook.disable();
  }
}

/** Whether a nextTick entry is held (for tests). */
export function tickObjectRetained(): boolean {
  return retained !== undefined;
}

function noop(): void {}

applyRuntimeTuning();
