import { bookmarksToReadings, chapterReached, entriesWithIds, loadReadings, mergeReadings, readingsToBookmarks, recordReading, type Readings } from '@/lib/readings';

describe('readingsToBookmarks', () => {
  it('turns entries into unsaved bookmarks and looks up plain chapter numbers by slug', async () => {
    const readings: Readings = { 'truyen-mot': { _id: '1', chapter: 4, time: 100, title: 'Một' }, 'truyen-hai': 7 };
    const lookup = jest.fn(async (slug: string) => (slug === 'truyen-hai' ? { _id: '2' } : undefined));
    await expect(readingsToBookmarks(readings, lookup)).resolves.toEqual([
      { _id: '1', chapter: 4, save: false, time: 100 },
      { _id: '2', chapter: 7, save: false, time: 0 },
    ]);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('truyen-hai');
  });

  it("fails with 'Cant fetch books' when a look-up finds nothing", async () => {
    await expect(readingsToBookmarks({ 'mat-tich': 3 }, async () => undefined)).rejects.toThrow('Cant fetch books');
  });

  it('keeps only entries with ids for a retry without look-ups', () => {
    expect(entriesWithIds({ a: 3, b: { _id: '9', chapter: 1, time: 5 } })).toEqual({ b: { _id: '9', chapter: 1, time: 5 } });
  });
});

describe('merging readings', () => {
  it('later time wins per story', () => {
    const local: Readings = { a: { _id: '1', chapter: 2, time: 50 }, b: { _id: '2', chapter: 5, time: 300 } };
    const server = bookmarksToReadings([
      { _id: '1', chapter: 9, time: 100, story: { slug: 'a', title: 'A' } },
      { _id: '2', chapter: 1, time: 200, story: { slug: 'b', title: 'B' } },
      { _id: '3', chapter: 1, time: 200 },
    ]);
    expect(mergeReadings(local, server)).toEqual({
      a: { _id: '1', chapter: 9, time: 100, title: 'A' },
      b: { _id: '2', chapter: 5, time: 300 },
    });
  });
});

describe('local storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('records progress under the storage key readings and reads it back', () => {
    const next = recordReading({}, 'truyen-mot', { _id: '1', chapter: 3, title: 'Một' }, 1234);
    expect(JSON.parse(window.localStorage.getItem('readings')!)).toEqual({ 'truyen-mot': { _id: '1', chapter: 3, title: 'Một', time: 1234 } });
    expect(loadReadings()).toEqual(next);
    expect(chapterReached(next, 'truyen-mot')).toBe(3);
  });

  it('survives a corrupt value', () => {
    window.localStorage.setItem('readings', '{oops');
    expect(loadReadings()).toEqual({});
  });
});
