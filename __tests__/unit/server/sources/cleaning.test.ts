/** @jest-environment node */
import { load } from 'cheerio';
import { realPage, realPagesPresent } from '@/__tests__/helpers/realPages';
import { chapterParagraphs, QINGYUN, REBORN } from '@/__tests__/fixtures/sources/books';
import { cleanChapterLines, withoutMarks } from '@/server/sources/cleaning';
import { linesFromHtml, withoutTitleLine } from '@/server/sources/text';

describe('a mark is cut out, the story around it stays', () => {
  it.each([
    ['她抬起头。(狂_人_小_说_网-www.xiaoshuo.kr)沈月没有说话。', '她抬起头。沈月没有说话。'],
    ['沈月叹了口气。(未完待续，如欲知后事如何，请登陆www.qidian.com，章节更多，支持作者，支持正版阅读！)', '沈月叹了口气。'],
    ['沈月叹了口气。起点中文网.欢迎广大书友光临阅读,最新、最快、最火的连载作品尽在起点原创!她站起来。', '沈月叹了口气。她站起来。'],
    ['她抬起头，69书吧首发。沈月笑了。', '她抬起头。沈月笑了。'],
    ['他看着远方。6◇9◇书◇吧', '他看着远方。'],
    ['正文。6一9一书一吧一首一发', '正文。'],
    ['他推开门。ＵＵ看书 ｗｗｗ．ｕｕｋａｎｓｈｕ．ｃｏｍ', '他推开门。'],
    ['www。xiaoshuo。com 她笑了', '她笑了'],
    ['【本章节首发.爱.有.声.小说网,请记住网址】她走了。', '她走了。'],
  ])('%s', (line, kept) => {
    expect(withoutMarks(line).text).toBe(kept);
  });

  it.each([
    '⊥书⊥⊥吧⊥⊥首⊥发！',
    '原文在六#9@书/吧看!',
    '6◇9◇书◇吧',
    '…在一一看！',
    '【本章节首发.爱.有.声.小说网,请记住网址】',
    '&长&风&文学{www}.{cf}{wx}.{net}',
    '起点中文网.欢迎广大书友光临阅读,最新、最快、最火的连载作品尽在起点原创!',
    '无一错一首一发一内一容一在一6一9一书一吧一看！',
    '一秒记住【笔趣阁 www.biquge.la】，精彩小说无弹窗免费阅读！',
    '顶⊥点⊥小⊥说',
    '（未完待续）',
  ])('a line of nothing but marks goes: %s', (line) => {
    expect(withoutMarks(line).text).toBe('');
  });

  it.each(['他说：“我们去看看。”', '这危险指数高达百分之两百！', '整个R星球有明文规定。', '他拿出1.5kg的肉。', '他在一一看过去。', '一一一一一', '《笔趣》这本书'])(
    'story text is left alone: %s',
    (line) => {
      expect(withoutMarks(line)).toEqual({ text: line, spans: 0 });
    },
  );

  it('counts the spans cut and the lines dropped', () => {
    const cleaned = cleanChapterLines(['正文一。', '69书吧首发！', '正文二。www.69shuba.com', '(本章完)', 'loadAdv(2,0);'], { lines: [/^loadAdv/] });
    expect(cleaned).toEqual({ paragraphs: ['正文一。', '正文二。'], spans: 2, lines: 3 });
  });
});

describe('the chapter heading repeated as the first line', () => {
  it.each([
    ['第1章 这是什么地狱开局？', '1.第1章 这是什么地狱开局？'],
    ['第１章　这是什么地狱开局？', '第1章 这是什么地狱开局？'],
    ['第1章这是什么地狱开局', '第1章 这是什么地狱开局？'],
    ['第 12 章  风起', '第12章 风起'],
  ])('%s repeats %s', (line, title) => {
    expect(withoutTitleLine([line, '正文。'], title)).toEqual(['正文。']);
  });

  it('keeps a first line that only starts like the title', () => {
    expect(withoutTitleLine(['第1章的故事从这里开始。', '正文。'], '第1章 风起')).toHaveLength(2);
  });
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

const NAMES = ['69书吧', '六九书吧', '爱有声小说网', '长风文学', '起点中文网', '起点原创', '笔趣阁', '顶点小说', '狂人小说网'];
const BEFORE = ['', '原文在', '最新小说在', '本章节首发', '无错首发'];
const AFTER = ['', '首发', '看!', '首发！', '，请记住网址'];
const SEPARATORS = ['⊥', '◇', '一', '#', '@', '/', '_', '=', '&', '.', '＃', '＠', '／', '＿', '＝', '＆', '．'];
const DOMAINS = ['', 'www.69shuba.com', '{www}.{cf}{wx}.{net}', 'www。xiaoshuo。com', 'ｗｗｗ．ｂｉｑｕｇｅ．ｃｏｍ'];
const WRAPS: ReadonlyArray<[string, string]> = [['', ''], ['（', '）'], ['【', '】'], ['(', ')']];

function scramble(word: string, rng: ReturnType<typeof random>): string {
  if (rng.next() < 0.3) return word;
  const mixed = rng.next() < 0.3;
  const first = rng.pick(SEPARATORS);
  return [...word].map((char) => char + (mixed ? rng.pick(SEPARATORS) : first).repeat(1 + Math.floor(rng.next() * 2))).join('').replace(/[^\p{L}\p{N}]+$|一+$/u, '');
}

function watermark(rng: ReturnType<typeof random>): string {
  const [open, close] = rng.pick(WRAPS);
  return `${open}${scramble(`${rng.pick(BEFORE)}${rng.pick(NAMES)}`, rng)}${rng.pick(AFTER)}${rng.pick(DOMAINS)}${close}`;
}

/** Story paragraphs: the saved real chapters when present, else our own fixture chapters. */
function storyParagraphs(): string[] {
  if (!realPagesPresent) return [...chapterParagraphs(QINGYUN, 1), ...chapterParagraphs(REBORN, 2)];
  const $ = load(realPage('ixdzs8/noveltrans-chapter.html'));
  const shuba = load(realPage('69shuba/noveltrans-chapter.html'))('div.txtnav');
  shuba.find('h1, div, script').remove();
  return [...linesFromHtml($('article.page-content section').html() ?? ''), ...linesFromHtml(shuba.html() ?? '').slice(1, -1)];
}

describe('generated: watermarks inserted into real chapter text with random separators', () => {
  const story = storyParagraphs();
  const squash = (text: string) => text.replace(/[^\p{Script=Han}\p{L}\p{N}]|一/gu, '').toLowerCase();
  const SQUASHED_NAMES = [...NAMES.map(squash), '六9书吧', 'www', 'qidian'];

  it.each(Array.from({ length: 40 }, (_, i) => i + 1))('run %i loses no sentence and keeps no mark', (seed) => {
    const rng = random(seed);
    const lines: string[] = [];
    for (const paragraph of story) {
      const roll = rng.next();
      if (roll < 0.15) lines.push(watermark(rng), paragraph);
      else if (roll < 0.3) lines.push(`${paragraph}${watermark(rng)}`);
      else if (roll < 0.4 && /[。！？][^。！？]/.test(paragraph)) {
        const end = /[。！？]+/.exec(paragraph) as RegExpExecArray;
        const cut = end.index + end[0].length;
        lines.push(`${paragraph.slice(0, cut)}${watermark(rng)}${paragraph.slice(cut)}`);
      } else lines.push(paragraph);
    }
    const cleaned = cleanChapterLines(lines).paragraphs;
    expect(cleaned).toEqual(story);
    for (const paragraph of cleaned) {
      for (const name of SQUASHED_NAMES) expect(squash(paragraph)).not.toContain(name);
    }
  });
});
