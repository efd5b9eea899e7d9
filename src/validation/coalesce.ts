/**
 * Identical concurrent lookups share one piece of work (decisions section 2): the whole cache read →
 * registry → cache write sequence, so a request that arrives between the registry's answer and the
 * cache write does not ask again.
 */
export class Coalescer<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.running.get(key);
    if (existing) return existing;
    const shared = work().finally(() => this.running.delete(key));
    this.running.set(key, shared);
    return shared;
  }
}
