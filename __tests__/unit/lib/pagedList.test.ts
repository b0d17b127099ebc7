import { PagedListStore, emptyPagedList, toggleLikeOptimistically } from '@/lib/pagedList';

interface Item {
  _id: string;
  liked: boolean;
  likes: number;
}

const item = (id: string, likes = 0): Item => ({ _id: id, liked: false, likes });
const newStore = () => new PagedListStore<Item, { note: string }>({ ...emptyPagedList<Item>(), note: 'trước' });

describe('PagedListStore', () => {
  it('shows a first page with its own fields, and keeps what is shown, marked, when none came', () => {
    const store = newStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.get().items.length));
    store.showFirstPage({ results: [item('a'), item('b')], total: 5 }, () => ({ note: 'trang đầu' }));
    expect(store.get()).toMatchObject({ state: 'ready', total: 5, pages: 1, note: 'trang đầu' });
    store.showFirstPage(undefined, () => ({ note: 'không dùng' }));
    expect(store.get()).toMatchObject({ state: 'error', pages: 1, note: 'trang đầu' });
    expect(store.get().items.map((i) => i._id)).toEqual(['a', 'b']);
    expect(seen).toEqual([2, 2]);
  });

  it('asks for the next page, skips items already shown, and says when a page did not load', async () => {
    const store = newStore();
    store.showFirstPage({ results: [item('a'), item('b')], total: 3 }, () => ({}));
    const asked: number[] = [];
    expect(await store.loadMore(async (page) => (asked.push(page), { results: [item('b'), item('c')], total: 3 }))).toBe(true);
    expect(store.get()).toMatchObject({ pages: 2, loadingMore: false });
    expect(store.get().items.map((i) => i._id)).toEqual(['a', 'b', 'c']);
    expect(await store.loadMore(async (page) => (asked.push(page), null))).toBe(false);
    expect(store.get()).toMatchObject({ pages: 2, loadingMore: false });
    expect(asked).toEqual([1, 2]);
  });
});

describe('toggleLikeOptimistically', () => {
  it('shows the like at once, then the server’s count', async () => {
    const shown: [boolean, number][] = [];
    await toggleLikeOptimistically(item('a', 3), (liked, likes) => shown.push([liked, likes]), async () => ({ liked: true, likes: 7 }), () => undefined);
    expect(shown).toEqual([
      [true, 4],
      [true, 7],
    ]);
  });

  it('undoes the like and reports a refusal', async () => {
    const shown: [boolean, number][] = [];
    const errors: unknown[] = [];
    const refused = new Error('refused');
    await toggleLikeOptimistically({ liked: true, likes: 2 }, (liked, likes) => shown.push([liked, likes]), () => Promise.reject(refused), (error) => errors.push(error));
    expect(shown).toEqual([
      [false, 1],
      [true, 2],
    ]);
    expect(errors).toEqual([refused]);
  });
});
