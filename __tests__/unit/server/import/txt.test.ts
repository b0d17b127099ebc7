/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ImportError } from '@/server/import/errors';
import { parseHeading, parseTxt } from '@/server/import/txt';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../../fixtures/import', name)));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseTxt', () => {
  it('reads the header block and splits chapters on "Chương N" headings', () => {
    const story = parseTxt(fixture('good.txt'), 'good.txt');
    expect(story).toMatchObject({
      title: 'Kiếm Khách Giang Hồ',
      author: 'Lão Mặc',
      genres: ['Tiên Hiệp', 'kiem hiep'],
      status: 'completed',
      description: 'Một thiếu niên rời làng đi tìm sư phụ.\nTrên đường, hắn gặp những người bạn đồng hành.',
    });
    expect(story.chapters.map((c) => c.title)).toEqual(['Chương 1: Khởi đầu', 'Chương 2: Gặp gỡ', 'Chương 5']);
    expect(story.chapters[0].content).toBe(
      'Sáng sớm, sương còn phủ kín con đường làng.\nLâm Phong khoác tay nải lên vai, ngoái nhìn mái nhà lần cuối.',
    );
    expect(story.chapters[2].content).toBe('Đêm xuống, gió lạnh thổi qua rừng trúc.');
  });

  it('strips the BOM, normalises CRLF and composes decomposed letters', () => {
    const text = '\uFEFFTitle: Truyện Thử\r\nAuthor: Ai Đó\r\nStatus: Full\r\n\r\nChương 1: Mở\r\nDòng một.\r\n\r\n\r\nDòng hai.\r\n';
    const story = parseTxt(bytes(text.normalize('NFD')));
    expect(story.title).toBe('Truyện Thử');
    expect(story.status).toBe('completed');
    expect(story.chapters).toEqual([{ title: 'Chương 1: Mở', content: 'Dòng một.\nDòng hai.' }]);
  });

  it('refuses invalid UTF-8 naming the byte offset and line', () => {
    expect(() => parseTxt(fixture('bad-utf8.txt'), 'bad-utf8.txt')).toThrow(ImportError);
    expect(() => parseTxt(fixture('bad-utf8.txt'), 'bad-utf8.txt')).toThrow('bad-utf8.txt: không phải UTF-8 hợp lệ tại byte 40 (dòng 2)');
  });

  it('refuses a file without chapter headings', () => {
    expect(() => parseTxt(fixture('no-headings.txt'), 'no-headings.txt')).toThrow(
      /no-headings\.txt: không tìm thấy tiêu đề chương nào \(dòng 1–6\)/,
    );
  });

  it('names the header lines when the title is missing', () => {
    expect(() => parseTxt(bytes('Tác giả: A\n\nChương 1\nNội dung.'), 'x.txt')).toThrow(
      "x.txt dòng 1–2: thiếu 'Tên truyện: …' trước chương đầu tiên (dòng 3)",
    );
  });

  it('refuses chapter numbers that do not increase, naming the line', () => {
    const text = 'Tên truyện: A\nTác giả: B\nChương 2\nx\nChương 2\ny';
    expect(() => parseTxt(bytes(text), 'x.txt')).toThrow('x.txt dòng 5: số chương 2 phải lớn hơn chương trước (2 ở dòng 3)');
  });

  it('refuses an empty chapter, an unknown header key and a bad status, naming the line', () => {
    expect(() => parseTxt(bytes('Tên truyện: A\nTác giả: B\nChương 1\n\nChương 2\ny'), 'x.txt')).toThrow(
      "x.txt dòng 3: 'Chương 1' không có nội dung",
    );
    expect(() => parseTxt(bytes('Tên truyện: A\nTac gia: B\nNgười dịch: C\nChương 1\nx'), 'x.txt')).toThrow(
      "x.txt dòng 3: mục 'Người dịch' không được hỗ trợ",
    );
    expect(() => parseTxt(bytes('Tên truyện: A\nTác giả: B\nTrạng thái: Tạm dừng\nChương 1\nx'), 'x.txt')).toThrow(
      "x.txt dòng 3: trạng thái 'Tạm dừng' không hợp lệ",
    );
  });
});

describe('parseHeading', () => {
  it.each([
    ['Chương 1: Khởi đầu', { number: 1, title: 'Chương 1: Khởi đầu' }],
    ['Chương 12 - Gặp lại', { number: 12, title: 'Chương 12: Gặp lại' }],
    ['CHƯƠNG 3', { number: 3, title: 'Chương 3' }],
    ['  chuong 4.  ', { number: 4, title: 'Chương 4' }],
  ])('reads %p', (line, expected) => {
    expect(parseHeading(line)).toEqual(expected);
  });

  it('does not take a sentence starting with "Chương 5" for a heading', () => {
    expect(parseHeading('Chương 5 này rất hay')).toBeNull();
  });
});
