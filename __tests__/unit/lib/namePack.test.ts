import { MAX_NAMES_PER_READER } from '@/lib/namesList';
import { decodeNamePack, formatNamePack, NAME_PACK_LISTED_LINES, NAME_PACK_MAX_BYTES, namePackFileName, namePackSizeProblem, previewNamePack } from '@/lib/namePack';

describe('formatNamePack', () => {
  it('writes 中文=Tên lines with CRLF, the reader’s own names winning over the shared ones', () => {
    expect(formatNamePack({ 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' }, { 林渊: 'Lâm Viên', 苏晴: 'Tô Tình' })).toBe('林渊=Lâm Viên\r\n青云宗=Thanh Vân Tông\r\n苏晴=Tô Tình\r\n');
    expect(formatNamePack({}, {})).toBe('');
  });

  it('names the file after the story', () => {
    expect(namePackFileName('thanh-van-tien-lo')).toBe('Names-thanh-van-tien-lo.txt');
    expect(namePackFileName('')).toBe('Names-truyen.txt');
  });
});

describe('previewNamePack', () => {
  it('round-trips an export: every line reads back as the same entry', () => {
    const names = { 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông', 慕容雪: 'Mộ Dung Tuyết' };
    const preview = previewNamePack(formatNamePack(names), {});
    expect(preview.names).toEqual(names);
    expect(preview.counts).toEqual({ added: 3, changed: 0, skipped: 0 });
    expect(preview.added).toEqual([
      { line: 1, original: '林渊', translation: 'Lâm Uyên' },
      { line: 2, original: '青云宗', translation: 'Thanh Vân Tông' },
      { line: 3, original: '慕容雪', translation: 'Mộ Dung Tuyết' },
    ]);
    // Read again onto the list it made, nothing changes.
    expect(previewNamePack(formatNamePack(names), names).counts).toEqual({ added: 0, changed: 0, skipped: 3 });
  });

  it('adds, changes and skips lines, each skip with its reason in Vietnamese', () => {
    const pack = [
      '\uFEFF林渊=Lâm Viên',
      '',
      '青云宗 = Thanh Vân Tông/Thanh Vân Môn|TVT',
      '苏晴=Tô Tình',
      '# bộ tên của wikidich',
      'không có dấu bằng',
      '=Không Tên',
      'abc=Không Hán',
      '青云宗=Thanh Vân Khác',
      '王<script>=Vương',
      '李=<b>Lý</b>',
      '张=Trương\u200EBa',
      '的=/của',
      `${'长'.repeat(31)}=Dài`,
      `赵=${'a'.repeat(200)}`,
      '孙=Tôn=Tôn',
      '周=',
      '吴=Ng\uFFFDô',
    ].join('\n');
    const preview = previewNamePack(pack, { 林渊: 'Lâm Uyên', 苏晴: 'Tô Tình' });
    expect(preview.added).toEqual([{ line: 3, original: '青云宗', translation: 'Thanh Vân Tông' }]);
    expect(preview.changed).toEqual([{ line: 1, original: '林渊', translation: 'Lâm Viên', previous: 'Lâm Uyên' }]);
    expect(preview.skipped.map(({ line, reason }) => [line, reason])).toEqual([
      [4, 'giống tên bạn đang dùng.'],
      [5, 'dòng chú thích.'],
      [6, 'thiếu dấu “=” (mỗi dòng có dạng 中文=Tên Việt).'],
      [7, 'thiếu tên gốc chữ Hán trước dấu “=”.'],
      [8, 'tên gốc “abc” phải có chữ Hán.'],
      [9, '“青云宗” đã có ở dòng 3; giữ dòng đầu.'],
      [10, 'tên gốc không được chứa “<” hay “>”.'],
      [11, 'tên tiếng Việt không được chứa “<” hay “>”.'],
      [12, 'tên tiếng Việt chứa ký tự điều khiển hoặc xuống dòng.'],
      [13, 'nghĩa đầu tiên để trống (QuickTranslator bỏ qua tên này).'],
      [14, 'tên gốc dài quá 30 ký tự.'],
      [15, 'dòng dài quá 200 ký tự.'],
      [16, 'chỉ được có một dấu “=” trên mỗi dòng.'],
      [17, 'thiếu tên tiếng Việt sau dấu “=”.'],
      [18, 'dòng có ký tự không đọc được (tệp cần mã UTF-8 hoặc UTF-16).'],
    ]);
    expect(preview.skipped.find((skip) => skip.line === 15)?.text).toHaveLength(80);
    expect(preview.counts).toEqual({ added: 1, changed: 1, skipped: 15 });
    expect(preview.names).toEqual({ 林渊: 'Lâm Viên', 苏晴: 'Tô Tình', 青云宗: 'Thanh Vân Tông' });
  });

  it('keeps the reader’s list within its size, skipping what does not fit, and lists a bounded number of lines', () => {
    const full = Object.fromEntries(Array.from({ length: MAX_NAMES_PER_READER }, (_, i) => [`名${String.fromCodePoint(0x4e00 + i)}`, `Tên ${i}`]));
    const preview = previewNamePack('林渊=Lâm Uyên\n名一=Đổi Được', full);
    expect(preview.counts).toEqual({ added: 0, changed: 1, skipped: 1 });
    expect(preview.skipped[0].reason).toBe(`danh sách của bạn đã đủ ${MAX_NAMES_PER_READER} tên.`);

    const many = Array.from({ length: NAME_PACK_LISTED_LINES + 50 }, (_, i) => `x${i}`).join('\n');
    const skipped = previewNamePack(many, {});
    expect(skipped.counts.skipped).toBe(NAME_PACK_LISTED_LINES + 50);
    expect(skipped.skipped).toHaveLength(NAME_PACK_LISTED_LINES);
  });
});

describe('reading a pack file', () => {
  it('decodes UTF-8 (with or without a byte-order mark) and UTF-16 in either order', () => {
    const text = '林渊=Lâm Uyên\r\n苏晴=Tô Tình\r\n';
    const utf16le = new Uint8Array(Buffer.from(text, 'utf16le'));
    const utf16be = new Uint8Array(Buffer.from(text, 'utf16le').swap16());
    expect(decodeNamePack(new Uint8Array(Buffer.from(text)))).toBe(text);
    expect(decodeNamePack(new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])))).toBe(text);
    expect(decodeNamePack(new Uint8Array([0xff, 0xfe, ...utf16le]))).toBe(text);
    expect(decodeNamePack(new Uint8Array([0xfe, 0xff, ...utf16be]))).toBe(text);
    expect(decodeNamePack(utf16le)).toBe(text);
    expect(decodeNamePack(utf16be)).toBe(text);
  });

  it('refuses a pack beyond 256 KB of UTF-8', () => {
    expect(namePackSizeProblem('林'.repeat(NAME_PACK_MAX_BYTES / 3))).toBeNull();
    expect(namePackSizeProblem('林'.repeat(NAME_PACK_MAX_BYTES / 3 + 1))).toBe('Tệp bộ tên quá lớn (tối đa 256 KB).');
    expect(namePackSizeProblem('a'.repeat(NAME_PACK_MAX_BYTES))).toBeNull();
  });
});
