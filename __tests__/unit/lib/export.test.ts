import { asciiFileName, describeIndices, exportFileName, MAX_EXPORT_CHAPTERS, parseChapterRange } from '@/lib/export';

describe('parseChapterRange', () => {
  it('defaults to the first and the latest chapter, and brings an end beyond the story back within it', () => {
    expect(parseChapterRange({}, 1, 120)).toEqual({ ok: true, range: { from: 1, to: 120 } });
    expect(parseChapterRange({ from: 40 }, 1, 120)).toEqual({ ok: true, range: { from: 40, to: 120 } });
    expect(parseChapterRange({ from: '0', to: '999' }, 1, 120)).toEqual({ ok: true, range: { from: 1, to: 120 } });
    expect(parseChapterRange({ from: ' 7 ', to: '' }, 3, 9)).toEqual({ ok: true, range: { from: 7, to: 9 } });
    expect(parseChapterRange({ from: null, to: 2 }, 3, 9)).toEqual({ ok: false, message: 'Chương đầu phải trước chương cuối.' });
  });

  it('refuses what is not a chapter number, a reversed range, a start past the latest chapter, an empty story', () => {
    expect(parseChapterRange({ from: '-3' }, 1, 10)).toEqual({ ok: false, message: 'Số chương phải là số nguyên dương.' });
    expect(parseChapterRange({ to: '2.5' }, 1, 10)).toEqual({ ok: false, message: 'Số chương phải là số nguyên dương.' });
    expect(parseChapterRange({ from: 'mười' }, 1, 10).ok).toBe(false);
    expect(parseChapterRange({ from: 8, to: 3 }, 1, 10)).toEqual({ ok: false, message: 'Chương đầu phải trước chương cuối.' });
    expect(parseChapterRange({ from: 11 }, 1, 10)).toEqual({ ok: false, message: 'Truyện mới có đến chương 10.' });
    expect(parseChapterRange({}, 1, 0)).toEqual({ ok: false, message: 'Truyện chưa có chương nào.' });
  });

  it('holds at most 5,000 chapters', () => {
    expect(parseChapterRange({ from: 1, to: MAX_EXPORT_CHAPTERS }, 1, 9000).ok).toBe(true);
    expect(parseChapterRange({ from: 1, to: MAX_EXPORT_CHAPTERS + 1 }, 1, 9000)).toEqual({ ok: false, message: 'Mỗi tệp có tối đa 5.000 chương.' });
  });
});

describe('exportFileName', () => {
  it('keeps the Vietnamese title and names the range', () => {
    expect(exportFileName('Đấu Phá Thương Khung', { from: 1, to: 200 }, 'epub')).toBe('Đấu Phá Thương Khung - Chương 1-200.epub');
    expect(exportFileName('Phàm Nhân Tu Tiên', { from: 7, to: 7 }, 'txt')).toBe('Phàm Nhân Tu Tiên - Chương 7.txt');
  });

  it('has no path or reserved characters, no leading dots, and a bounded length', () => {
    const name = exportFileName('../../etc/passwd: <Kiếm> "Lai"?*|\\\u0000\n', { from: 1, to: 2 }, 'epub');
    expect(name).toBe('etc passwd Kiếm Lai - Chương 1-2.epub');
    expect(name).not.toMatch(/[/\\:*?"<>|\u0000-\u001f]/);
    expect(exportFileName('...', { from: 1, to: 2 }, 'txt')).toBe('Truyện - Chương 1-2.txt');
    const long = exportFileName('Truyện '.repeat(60), { from: 1, to: 5000 }, 'epub');
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith(' - Chương 1-5000.epub')).toBe(true);
  });

  it('composes decomposed Vietnamese and has an ASCII fallback for old clients', () => {
    expect(exportFileName('Tiên Nghịch'.normalize('NFD'), { from: 1, to: 3 }, 'epub')).toBe('Tiên Nghịch - Chương 1-3.epub');
    expect(asciiFileName('Đấu Phá "Thương" Khung - Chương 1-200.epub')).toBe('dau pha thuong khung - chuong 1-200.epub');
  });
});

describe('describeIndices', () => {
  it('writes chapter numbers as short ranges', () => {
    expect(describeIndices([3, 4, 5, 9, 11, 12])).toBe('3–5, 9, 11–12');
    expect(describeIndices([])).toBe('');
  });
});
