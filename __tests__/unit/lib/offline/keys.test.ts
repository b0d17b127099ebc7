import { keptAudioKey, keptChapterDataKey, keptKeyOf, keptPageKey } from '@/lib/offline/keys';

describe('kept copy keys', () => {
  it('keys a chapter page by its path and its data without the build id', () => {
    expect(keptPageKey('truyen-a', 3)).toBe('/truyen-a/chuong-3');
    expect(keptChapterDataKey('truyen-a', 3)).toBe('/_next/data/kept/truyen-a/chuong-3.json');
    expect(keptKeyOf(new URL('https://site.vn/_next/data/AbC123/truyen-a/chuong-3.json?storyslug=truyen-a'))).toBe(keptChapterDataKey('truyen-a', 3));
    expect(keptKeyOf(new URL('https://site.vn/truyen-a/chuong-3?nghe=1'))).toBe('/truyen-a/chuong-3');
  });

  it('keys an audio part without prefetch, keeping the voice', () => {
    expect(keptAudioKey(new URL('https://site.vn/api/audio/7/3/2?voice=vi&prefetch=1'))).toBe('https://site.vn/api/audio/7/3/2?voice=vi');
    expect(keptAudioKey(new URL('https://site.vn/api/audio/7/3/0?prefetch=1'))).toBe('https://site.vn/api/audio/7/3/0');
    // A kept part answers whatever rests the listener chose since it was kept.
    expect(keptAudioKey(new URL('https://site.vn/api/audio/7/3/2?voice=vi&pauses=500-1000&prefetch=1'))).toBe('https://site.vn/api/audio/7/3/2?voice=vi');
  });
});
