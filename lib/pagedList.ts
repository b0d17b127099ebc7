/**
 * A paged list of items with optimistic writes (a story's reviews, a story's or chapter's
 * comments): a store outside React that the hook usePagedList subscribes to. Each feature keeps
 * its own fields beside the list (`X`): the review summary, the comment threads.
 */
export type LoadState = 'idle' | 'loading' | 'ready' | 'error';

export interface PageAnswer<T> {
  results: T[];
  total: number;
}

export interface PagedListFields<T> {
  state: LoadState;
  items: T[];
  total: number;
  /** Pages loaded so far: the next page to ask for. */
  pages: number;
  loadingMore: boolean;
}

export type PagedList<T, X> = PagedListFields<T> & X;

export function emptyPagedList<T>(): PagedListFields<T> {
  return { state: 'idle', items: [], total: 0, pages: 0, loadingMore: false };
}

/** `items` followed by those of `more` not shown yet (a page may repeat what a write added). */
export function appendNew<T extends { _id: string }>(items: T[], more: T[]): T[] {
  const known = new Set(items.map((item) => item._id));
  return [...items, ...more.filter((item) => !known.has(item._id))];
}

export class PagedListStore<T extends { _id: string }, X> {
  private current: PagedList<T, X>;
  private readonly listeners = new Set<() => void>();

  constructor(initial: PagedList<T, X>) {
    this.current = initial;
  }

  readonly get = (): PagedList<T, X> => this.current;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly update = (change: (state: PagedList<T, X>) => PagedList<T, X>): void => {
    this.current = change(this.current);
    for (const listener of this.listeners) listener();
  };

  /** A first page replaces the list (`fields` from the answer); none keeps what is shown, marked as an error. */
  showFirstPage<A extends PageAnswer<T>>(answer: A | null | undefined, fields: (answer: A) => Partial<X>): void {
    this.update((state) =>
      answer ? { ...state, ...emptyPagedList<T>(), ...fields(answer), state: 'ready', items: answer.results, total: answer.total, pages: 1 } : { ...state, state: 'error' },
    );
  }

  /** Adds the next page; resolves false when it did not load. */
  async loadMore(fetchPage: (page: number) => Promise<PageAnswer<T> | null | undefined>): Promise<boolean> {
    this.update((state) => ({ ...state, loadingMore: true }));
    const answer = await fetchPage(this.current.pages);
    this.update((state) =>
      answer
        ? { ...state, loadingMore: false, pages: state.pages + 1, total: answer.total, items: appendNew(state.items, answer.results) }
        : { ...state, loadingMore: false },
    );
    return Boolean(answer);
  }
}

export interface Likeable {
  liked: boolean;
  likes: number;
}

/**
 * Shows the visitor's like (or its removal) at once, then the server's count; undone and reported
 * when refused. `show` puts a liked state and count on the item wherever it is displayed.
 */
export async function toggleLikeOptimistically(
  item: Likeable,
  show: (liked: boolean, likes: number) => void,
  request: () => Promise<Likeable>,
  onError: (error: unknown) => void,
): Promise<void> {
  show(!item.liked, item.likes + (item.liked ? -1 : 1));
  try {
    const answer = await request();
    show(answer.liked, answer.likes);
  } catch (error) {
    show(item.liked, item.likes);
    onError(error);
  }
}
