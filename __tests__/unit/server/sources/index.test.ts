/** @jest-environment node */
import { ADAPTERS, findAdapter, sourceHosts, supportedSitesMessage } from '@/server/sources';
import { mapGenre, mapGenres, OTHER_GENRE } from '@/server/sources/genres';
import { parseSourceStatus } from '@/server/sources/status';

describe('findAdapter', () => {
  it.each([
    ['https://www.69shuba.com/book/57358.htm', '69shuba', '57358', undefined],
    ['www.69shuba.com/txt/57358/31450002', '69shuba', '57358', '31450002'],
    ['  https://69shuba.com/book/57358/  ', '69shuba', '57358', undefined],
    ['https://www.22biqu.com/biqu5403/', '22biqu', '5403', undefined],
    ['https://m.22biqu.com/biqu5403/5419628.html', '22biqu', '5403', '5419628'],
    ['https://ixdzs8.com/read/567890/', 'ixdzs8', '567890', undefined],
    ['http://www.ixdzs8.com/read/567890/p12.html', 'ixdzs8', '567890', '12'],
    ['https://69shuba.cx/book/57358.htm', '69shuba', '57358', undefined],
    ['https://www.69shu.com/txt/57358/31450002', '69shuba', '57358', '31450002'],
    ['https://ixdzs8.tw/read/567890/p2.html', 'ixdzs8', '567890', '2'],
    ['https://www.uukanshu.net/b/30501/880003.html', 'uukanshu', '30501', '880003'],
    ['https://tw.uukanshu.net/b/30501/', 'uukanshu', '30501', undefined],
    ['https://uukanshu.cc/book/17318/', 'uukanshu', 'cc-17318', undefined],
    ['https://www.uukanshu.cc/book/17318/13950093.html', 'uukanshu', 'cc-17318', '13950093'],
    ['https://m.22biqu.net/biqu96978/45523663.html', '22biqu', '96978', '45523663'],
    ['https://ixdzs.tw/read/552802/p1.html', 'ixdzs8', 'tw-552802', '1'],
    ['https://www.quanben5.io/n/doushentianxia/xiaoshuo.html', 'quanben5', 'doushentianxia', undefined],
    ['https://big5.quanben5.com/n/shanhejiuzhou/40103.html', 'quanben5', 'shanhejiuzhou', '40103'],
    ['quanben5.com/n/shanhejiuzhou/xiaoshuo.html', 'quanben5', 'shanhejiuzhou', undefined],
    ['https://www.piaotia.com/html/13/13572/6230004.html', 'piaotia', '13572', '6230004'],
  ])('reads %s', (link, id, bookId, chapterId) => {
    const match = findAdapter(link);
    expect(match?.adapter.id).toBe(id);
    expect(match?.bookId).toBe(bookId);
    expect(match?.chapterId).toBe(chapterId);
  });

  it.each([
    'https://example.com/book/1.htm',
    'https://www.69shuba.com/',
    'https://www.69shuba.com.evil.test/book/1.htm',
    'ftp://www.69shuba.com/book/1.htm',
    'javascript:alert(1)',
    '',
    'không phải liên kết',
  ])('refuses %s', (link) => {
    expect(findAdapter(link)).toBeNull();
  });

  it('builds book URLs that it reads back', () => {
    for (const adapter of ADAPTERS) {
      const url = adapter.bookUrl('12345');
      expect(findAdapter(url)).toMatchObject({ adapter: { id: adapter.id }, bookId: '12345' });
    }
  });

  it('lists the supported sites for the reader and every host for the fetcher', () => {
    expect(supportedSitesMessage()).toBe(
      'Liên kết không được hỗ trợ. Các trang hỗ trợ: 69shuba.com, 22biqu.com, ixdzs8.com, uukanshu.cc, quanben5.com, piaotia.com.',
    );
    expect(sourceHosts()).toEqual(expect.arrayContaining(['www.69shuba.com', 'www.22biqu.com', 'ixdzs8.com']));
  });
});

describe('status labels', () => {
  it.each([
    ['连载', 'ongoing'],
    ['连载中', 'ongoing'],
    ['更新中', 'ongoing'],
    ['233.56万字 | 连载', 'ongoing'],
    ['未完结', 'ongoing'],
    ['完结', 'completed'],
    ['完本', 'completed'],
    ['已完结', 'completed'],
    ['全本', 'completed'],
    ['作者：南山客', null],
  ])('%s → %s', (label, status) => {
    expect(parseSourceStatus(label)).toBe(status);
  });
});

describe('genre mapping', () => {
  it.each([
    ['玄幻', ['Huyền Huyễn']],
    ['仙侠', ['Tiên Hiệp']],
    ['修真', ['Tiên Hiệp']],
    ['武侠', ['Kiếm Hiệp']],
    ['都市', ['Đô Thị']],
    ['言情', ['Ngôn Tình']],
    ['网游', ['Võng Du']],
    ['游戏竞技', ['Võng Du']],
    ['悬疑', ['Linh Dị']],
    ['侦探', ['Trinh Thám']],
    ['宅斗', ['Gia Đấu']],
    ['种田', ['Điền Văn']],
    ['轻小说', ['Light Novel']],
    ['玄幻奇幻', ['Huyền Huyễn', 'Dị Giới']],
    ['官场职场', [OTHER_GENRE]],
  ])('%s → %j', (label, names) => {
    expect(mapGenre(label)).toEqual(names);
  });

  it('merges a story’s labels without duplicates, and says Khác only when nothing matched', () => {
    expect(mapGenres(['修真武侠', '仙侠', '官场'])).toEqual(['Tiên Hiệp', 'Kiếm Hiệp']);
    expect(mapGenres(['官场'])).toEqual([OTHER_GENRE]);
    expect(mapGenres([])).toEqual([OTHER_GENRE]);
  });
});
