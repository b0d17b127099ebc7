/** @jest-environment node */
import { SEED_GENRES, type GenreFamily } from '@/server/db/seed/genres';
import {
  chapterContent,
  chapterTitle,
  countWords,
  createCast,
  familyOf,
  penName,
  storyDescription,
  TitleBook,
  vocabularyFor,
} from '@/server/db/seed/prose';
import { createRng } from '@/server/db/seed/random';
import { fill } from '@/server/db/seed/template';
import { VOCABULARIES } from '@/server/db/seed/vocabulary';

const FAMILIES = Object.keys(VOCABULARIES) as GenreFamily[];
const VIETNAMESE_MARKS = /[ăâđêôơưáàảãạấầẩẫậắằẳẵặéèẻẽẹếềểễệíìỉĩịóòỏõọốồổỗộớờởỡợúùủũụứừửữựýỳỷỹỵ]/i;

function story(genres: string[], seed: number) {
  const rng = createRng(seed);
  const vocabulary = vocabularyFor(familyOf(genres));
  return { rng, vocabulary, cast: createCast(rng, vocabulary, genres) };
}

describe('chapterContent', () => {
  it('is the same text for the same seed', () => {
    const a = story(['Tiên Hiệp'], 99);
    const b = story(['Tiên Hiệp'], 99);
    expect(chapterContent(a.rng, a.vocabulary, a.cast)).toBe(chapterContent(b.rng, b.vocabulary, b.cast));
    const c = story(['Tiên Hiệp'], 100);
    expect(chapterContent(c.rng, c.vocabulary, c.cast)).not.toBe(chapterContent(a.rng, a.vocabulary, a.cast));
  });

  it.each(FAMILIES)('writes 8–14 Vietnamese paragraphs with every slot filled (%s)', (family) => {
    const genre = SEED_GENRES.find((g) => g.family === family)?.name as string;
    const { rng, vocabulary, cast } = story([genre], 3);
    for (let i = 0; i < 40; i++) {
      const text = chapterContent(rng, vocabulary, cast);
      const paragraphs = text.split('\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(8);
      expect(paragraphs.length).toBeLessThanOrEqual(14);
      for (const paragraph of paragraphs) {
        expect(paragraph).toMatch(/^["\p{Lu}]/u);
        expect(paragraph).toMatch(/[.!?"]$/);
        expect(paragraph).toMatch(VIETNAMESE_MARKS);
      }
      expect(text).not.toMatch(/[{}]/);
      expect(text).toContain(cast.lead.name);
      expect(Buffer.byteLength(text)).toBeGreaterThan(800);
      expect(Buffer.byteLength(text)).toBeLessThan(5000);
    }
  });

  it('keeps each genre family in its own vocabulary', () => {
    const romance = story(['Ngôn Tình'], 8);
    const text = Array.from({ length: 30 }, () => chapterContent(romance.rng, romance.vocabulary, romance.cast)).join('\n');
    for (const word of ['tu vi', 'Trúc Cơ', 'tông môn', 'linh khí', 'zombie', 'ma pháp']) expect(text).not.toContain(word);
    expect(romance.cast.lead.female).toBe(true);
    expect(romance.cast.partner.female).toBe(false);
  });
});

describe('vocabularies', () => {
  it.each(FAMILIES)('resolves every slot of every template (%s)', (family) => {
    const vocabulary = VOCABULARIES[family];
    const rng = createRng(1);
    const cast = createCast(rng, vocabulary, []);
    const templates = [
      ...vocabulary.openers,
      ...vocabulary.narration,
      ...vocabulary.dialogue,
      ...vocabulary.closers,
      ...vocabulary.chapterTitles,
      ...vocabulary.storyTitles,
      ...vocabulary.blurbs,
    ];
    for (const template of templates) expect(fill(template, vocabulary, cast, rng)).not.toMatch(/[{}]/);
    expect(vocabulary.dialogue.every((line) => /"[^"]+"/.test(line))).toBe(true);
  });

  it('gives Đam Mỹ two men and Lịch Sử a male lead', () => {
    const bl = story(['Đam Mỹ'], 4).cast;
    expect([bl.lead.female, bl.partner.female]).toEqual([false, false]);
    expect(bl.lead.pronoun).not.toBe(bl.partner.pronoun);
    expect(story(['Lịch Sử'], 4).cast.lead.female).toBe(false);
    expect(story(['Cung Đấu'], 4).cast.lead.female).toBe(true);
  });
});

describe('titles and descriptions', () => {
  it('formats chapter titles as "Chương N: …"', () => {
    const { rng, vocabulary, cast } = story(['Đô Thị'], 12);
    for (let i = 1; i <= 50; i++) expect(chapterTitle(rng, vocabulary, cast, i)).toMatch(new RegExp(`^Chương ${i}: \\p{Lu}`, 'u'));
  });

  it('never hands out the same story title twice, even past the patterns', () => {
    const book = new TitleBook(['Vạn Cổ Thần Đế']);
    const titles = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const genres = [SEED_GENRES[i % SEED_GENRES.length].name];
      const { rng, vocabulary, cast } = story(genres, i);
      const title = book.next(rng, vocabulary, cast);
      expect(title).not.toBe('Vạn Cổ Thần Đế');
      expect(titles.has(title)).toBe(false);
      titles.add(title);
    }
  });

  it('writes 3–5 sentence descriptions and Vietnamese pen names', () => {
    const { rng, vocabulary, cast } = story(['Huyền Huyễn'], 21);
    for (let i = 0; i < 20; i++) {
      const description = storyDescription(rng, vocabulary, cast);
      const sentences = description.split(/(?<=[.!?"])\s+(?=\p{Lu})/u);
      expect(sentences.length).toBeGreaterThanOrEqual(3);
      expect(sentences.length).toBeLessThanOrEqual(5);
      expect(description).toMatch(VIETNAMESE_MARKS);
      expect(penName(rng)).toMatch(/^\p{Lu}\S*( \p{Lu}\S*){1,3}$/u);
    }
  });

  it('counts space-separated words', () => {
    expect(countWords('Lâm Phong cười nhạt: "Chỉ bằng ngươi?"\nHắn đi.')).toBe(9);
    expect(countWords('')).toBe(0);
  });
});
