/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ImportError } from '@/server/import/errors';
import { parseJsonStory } from '@/server/import/json';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, '../../../fixtures/import', name)));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseJsonStory', () => {
  it('reads a story of the ImportedStory shape and tidies paragraphs', () => {
    const story = parseJsonStory(fixture('good.json'), 'good.json');
    expect(story).toEqual({
      title: 'Đô Thị Tu Tiên',
      author: 'Tiểu Bạch',
      description: 'Tu tiên giữa lòng thành phố.\nMột câu chuyện nhẹ nhàng.',
      status: 'ongoing',
      genres: ['Đô Thị', 'Tiên Hiệp'],
      cover: 'https://example.com/covers/do-thi-tu-tien.jpg',
      slug: 'do-thi-tu-tien',
      chapters: [
        { title: 'Chương 1: Tỉnh dậy', content: 'Hắn mở mắt.\nTrần nhà trắng xóa.' },
        { title: 'Chương 2: Bệnh viện', content: 'Y tá bước vào.\nCô mỉm cười.' },
      ],
    });
  });

  it('reports a bad field by its path', () => {
    expect(() => parseJsonStory(fixture('bad-field.json'), 'bad-field.json')).toThrow(ImportError);
    expect(() => parseJsonStory(fixture('bad-field.json'), 'bad-field.json')).toThrow(
      'chapters.3.content: không được để trống',
    );
  });

  it('reports every invalid field, unknown keys and a bad status included', () => {
    const data = { title: '', author: 'A', status: 'full', name: 'X', chapters: [] };
    let message = '';
    try {
      parseJsonStory(bytes(JSON.stringify(data)), 'x.json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('title: không được để trống');
    expect(message).toContain("status: phải là 'ongoing' hoặc 'completed'");
    expect(message).toContain('chapters: cần ít nhất một chương');
    expect(message).toMatch(/name/);
  });

  it('names the line of a syntax error', () => {
    expect(() => parseJsonStory(bytes('{\n  "title": "A",\n  "author": }'), 'x.json')).toThrow(/x\.json: JSON sai cú pháp tại dòng 3, cột 13/);
    // nesting too deep for a recursive checker is still an import error with its place
    expect(() => parseJsonStory(bytes('['.repeat(20_000)), 'deep.json')).toThrow(/deep\.json: JSON sai cú pháp tại dòng 1, cột 20001/);
  });

  it('refuses a bad slug and a cover that is not a URL', () => {
    const data = { title: 'A', author: 'B', slug: 'Có Dấu', cover: 'javascript:alert(1)', chapters: [{ title: 'c', content: 'x' }] };
    expect(() => parseJsonStory(bytes(JSON.stringify(data)), 'x.json')).toThrow(/cover: phải là URL.*\nslug: chỉ gồm/);
  });
});
