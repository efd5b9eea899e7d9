import type { ApiResult } from './http.js';

/** A page of a cursor list, as the service answers it. */
export interface Page<Item> {
  data: Item[];
  meta: { next_cursor: string | null; has_more: boolean };
}

/**
 * What a `list` call returns: awaited, the first page; iterated with `for await`, every item of
 * every page, each page asked for when the one before is used up (with the same filters and
 * `limit`). `pages()` iterates the pages themselves, with their rate-limit headers. Nothing is
 * sent before it is awaited or iterated.
 */
export class PageRequest<Item, P extends Page<Item> = Page<Item>>
  implements PromiseLike<ApiResult<P>>, AsyncIterable<Item>
{
  private first: Promise<ApiResult<P>> | undefined;

  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<ApiResult<P>>) {}

  // biome-ignore lint/suspicious/noThenProperty: awaiting a list gives its first page, as intended
  then<A = ApiResult<P>, B = never>(
    onFulfilled?: ((page: ApiResult<P>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<ApiResult<P> | B> {
    return this.firstPage().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<ApiResult<P>> {
    return this.firstPage().finally(onFinally);
  }

  async *pages(): AsyncGenerator<ApiResult<P>, void, undefined> {
    let page = await this.firstPage();
    yield page;
    while (page.meta.has_more && page.meta.next_cursor) {
      page = await this.fetchPage(page.meta.next_cursor);
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  private firstPage(): Promise<ApiResult<P>> {
    this.first ??= this.fetchPage(undefined);
    return this.first;
  }
}
