/**
 * Identical concurrent lookups share one piece of work (decisions section 2): the whole cache read →
 * registry → cache write sequence, so a request that arrives between the registry's answer and the
 * cache write does not ask again. `until`, when given, keeps the work open to joiners after it
 * resolved, until the promise it returns for the value settles (the cache write, made later).
 */
export class Coalescer<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>, until?: (value: T) => Promise<unknown>): Promise<T> {
    const existing = this.running.get(key);
    if (existing) return existing;
    const shared = work();
    this.running.set(key, shared);
    const done = () => {
      if (this.running.get(key) === shared) this.running.delete(key);
    };
    shared.then((value) => until?.(value)).then(done, done);
    return shared;
  }
}
