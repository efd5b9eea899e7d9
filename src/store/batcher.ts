/**
 * Collects the calls made while the event loop works through one round of ready sockets and runs
 * them as one batch in the check phase that follows (setImmediate): the requests that arrive
 * together share one database round trip and one commit (group commit). A call waits at most one
 * loop turn longer than it would alone; `run` must answer one result per item, in order.
 */
export class Batcher<Item, Result> {
  private pending: Array<{
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }> = [];
  private scheduled = false;

  constructor(
    private readonly run: (items: Item[]) => Promise<Result[]> | Result[],
    private readonly maxItems = 500,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.maxItems) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    const settle = (results: Result[]) => {
      for (const [index, call] of batch.entries()) call.resolve(results[index]);
    };
    const fail = (error: unknown) => {
      for (const call of batch) call.reject(error);
    };
    try {
      const results = this.run(batch.map((call) => call.item));
      if (results instanceof Promise) results.then(settle, fail);
      else settle(results);
    } catch (error) {
      fail(error);
    }
  }
}
