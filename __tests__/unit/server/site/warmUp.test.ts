/** @jest-environment node */
import { rankedSlugs, storyLinks, warmOrder } from '@/server/site/warmUp';

describe('the pages a site process warms', () => {
  it('takes the stories of the home page in order, each once, up to the count', () => {
    const html = [
      '<a data-testid="story-card" href="/kiem-lai">',
      '<a href="/the-loai/tien-hiep">',
      '<a class="card" data-testid="story-card" href="/pham-nhan-tu-tien?tu=trang-chu">',
      '<a data-testid="story-card" href="/kiem-lai">',
      '<a data-testid="story-card" href="/dau-pha-thuong-khung">',
    ].join('');
    expect(storyLinks(html, 5)).toEqual(['/kiem-lai', '/pham-nhan-tu-tien', '/dau-pha-thuong-khung']);
    expect(storyLinks(html, 2)).toEqual(['/kiem-lai', '/pham-nhan-tu-tien']);
  });

  it('reads the slugs of a ranking answer, and none from an error or anything else', () => {
    expect(rankedSlugs(JSON.stringify({ results: [{ slug: 'kiem-lai' }, { slug: '' }, { _id: '3' }, { slug: 'tien-nghich' }], total: 4 }))).toEqual(['kiem-lai', 'tien-nghich']);
    expect(rankedSlugs(JSON.stringify({ message: 'Hệ thống đang quá tải, vui lòng thử lại sau ít giây.' }))).toEqual([]);
    expect(rankedSlugs('<!doctype html>')).toEqual([]);
  });

  it('has every other worker of a cluster start from the end, so two warming at once share what they render', () => {
    const pages = ['/a', '/b', '/c'];
    expect(warmOrder(pages, 0)).toEqual(['/a', '/b', '/c']);
    expect(warmOrder(pages, 1)).toEqual(['/c', '/b', '/a']);
    expect(warmOrder(pages, 2)).toEqual(['/a', '/b', '/c']);
    expect(pages).toEqual(['/a', '/b', '/c']);
  });
});
