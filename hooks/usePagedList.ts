import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { PagedListStore, type PageAnswer, type PagedList } from '@/lib/pagedList';

interface Options<T extends { _id: string }, X, A extends PageAnswer<T>> {
  initial: () => PagedList<T, X>;
  /** One page of the list, in the order the current state asks for; nothing when it did not load. */
  fetchPage: (page: number, state: PagedList<T, X>) => Promise<A | null | undefined>;
  /** The feature's own fields taken from a first page. */
  firstPageFields: (answer: A) => Partial<X>;
  /** Load only once the list is near the screen and the visitor's session is known. */
  enabled: boolean;
  /** Changes when the visitor signs in or out: what they liked or wrote depends on it. */
  viewerId: string | null;
  loadMoreFailed: () => void;
}

/** A PagedListStore for a component: the first page when enabled (again on sign-in or out), more on demand. */
export function usePagedList<T extends { _id: string }, X, A extends PageAnswer<T>>({
  initial,
  fetchPage,
  firstPageFields,
  enabled,
  viewerId,
  loadMoreFailed,
}: Options<T, X, A>) {
  const [store] = useState(() => new PagedListStore<T, X>(initial()));
  const data = useSyncExternalStore(store.subscribe, store.get, store.get);

  const firstPage = useCallback(() => fetchPage(0, store.get()), [fetchPage, store]);

  // Loaded items stay on screen while a newer first page (e.g. after signing in) is fetched;
  // an answer that arrives after a newer request started is dropped.
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void firstPage().then((answer) => current && store.showFirstPage(answer, firstPageFields));
    return () => {
      current = false;
    };
  }, [enabled, viewerId, firstPage, firstPageFields, store]);

  /** The first page again, after `change` (e.g. another order). */
  const load = useCallback(
    async (change: Partial<X> = {}) => {
      store.update((state) => ({ ...state, ...change, state: 'loading' }));
      store.showFirstPage(await firstPage(), firstPageFields);
    },
    [firstPage, firstPageFields, store],
  );

  const loadMore = useCallback(async () => {
    if (!(await store.loadMore((page) => fetchPage(page, store.get())))) loadMoreFailed();
  }, [fetchPage, loadMoreFailed, store]);

  return { data, store, load, loadMore };
}
