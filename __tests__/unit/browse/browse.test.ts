import { checkKeyword } from '@/components/search/searchRules';
import { pageWindow } from '@/components/ui/Pagination';
import { chapterUrl, genreUrl, isVipPath, rankingUrl, searchUrl, storyUrl } from '@/lib/routes';
import { breadcrumbJsonLd, jsonLdText, pageTitle } from '@/lib/seo';

describe('search box rules (spec §5)', () => {
  it('refuses a single character on desktop, but not an empty box', () => {
    expect(checkKeyword('a', 'desktop')).toEqual({ ok: false, message: 'Từ khóa tìm kiếm quá ngắn.' });
    expect(checkKeyword('  b ', 'desktop')).toMatchObject({ ok: false });
    expect(checkKeyword('', 'desktop')).toEqual({ ok: true, keyword: '' });
    expect(checkKeyword('ab', 'desktop')).toEqual({ ok: true, keyword: 'ab' });
  });

  it('refuses fewer than 2 characters in the mobile modal', () => {
    expect(checkKeyword('', 'mobile')).toMatchObject({ ok: false, message: 'Từ khóa tìm kiếm quá ngắn.' });
    expect(checkKeyword('x', 'mobile')).toMatchObject({ ok: false });
    expect(checkKeyword('  tiên   hiệp ', 'mobile')).toEqual({ ok: true, keyword: 'tiên hiệp' });
  });
});

describe('routes', () => {
  it('builds story, chapter, ranking and search URLs', () => {
    expect(storyUrl('dau-pha')).toBe('/dau-pha');
    expect(chapterUrl('dau-pha', 12)).toBe('/dau-pha/chuong-12');
    expect(rankingUrl()).toBe('/bang-xep-hang');
    expect(rankingUrl('view_week', 2)).toBe('/bang-xep-hang?sort=view_week&page=2');
    expect(searchUrl()).toBe('/truyen');
    expect(searchUrl({ keyword: ' đô thị ', page: 1 })).toBe('/truyen?keyword=%C4%91%C3%B4+th%E1%BB%8B');
  });

  it('sends genres as a JSON array of names', () => {
    const url = new URL(genreUrl('Tiên Hiệp'), 'http://x');
    expect(url.pathname).toBe('/truyen');
    expect(JSON.parse(url.searchParams.get('cats')!)).toEqual(['Tiên Hiệp']);
  });

  it('treats any path containing /vip as a VIP path', () => {
    expect(isVipPath('/vip')).toBe(true);
    expect(isVipPath('/vip/ket-qua?x=1')).toBe(true);
    expect(isVipPath('/truyen?keyword=/vip')).toBe(false);
    expect(isVipPath('/')).toBe(false);
  });
});

describe('pagination window', () => {
  it('keeps the first, last and neighbours with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('seo helpers', () => {
  it('titles pages with the site name once', () => {
    expect(pageTitle('Bảng xếp hạng')).toBe('Bảng xếp hạng | Truyện Audio');
    expect(pageTitle('Truyện Audio - Trang chủ')).toBe('Truyện Audio - Trang chủ');
  });

  it('escapes JSON-LD for HTML and numbers breadcrumbs', () => {
    expect(jsonLdText({ a: '</script>' })).not.toContain('</script>');
    const crumbs = breadcrumbJsonLd([
      { name: 'Trang chủ', path: '/' },
      { name: 'Bảng xếp hạng', path: '/bang-xep-hang' },
    ]);
    expect(crumbs.itemListElement.map((item) => item.position)).toEqual([1, 2]);
    expect(crumbs.itemListElement[1].item).toMatch(/\/bang-xep-hang$/);
  });
});
