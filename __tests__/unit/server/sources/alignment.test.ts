/** @jest-environment node */
import { alignChapters, confirmsSameBook, identifyChapter } from '@/server/sources/alignment';

const list = (titles: string[]) => titles.map((title, i) => ({ index: i + 1, title }));

describe('identifyChapter', () => {
  it('reads numbers in Chinese and Arabic numerals, after a volume heading', () => {
    expect(identifyChapter('第十二章 外门杂役')).toEqual({ kind: 'numbered', number: 12, name: '外门杂役' });
    expect(identifyChapter('第12章：外門雜役')).toEqual({ kind: 'numbered', number: 12, name: '外门杂役' });
    expect(identifyChapter('第一卷 青云 第一百零三回 夜半练剑')).toEqual({ kind: 'numbered', number: 103, name: '夜半练剑' });
    expect(identifyChapter('第二卷 风起')).toMatchObject({ kind: 'volume' });
  });

  it('knows prologues and extras', () => {
    expect(identifyChapter('序章 楔子之前')).toMatchObject({ kind: 'prologue', name: '楔子之前' });
    expect(identifyChapter('楔子')).toMatchObject({ kind: 'prologue', name: '' });
    expect(identifyChapter('番外二 师兄')).toMatchObject({ kind: 'extra', number: 2, name: '师兄' });
    expect(identifyChapter('序列号')).toMatchObject({ kind: 'other', name: '序列号' });
  });
});

describe('alignChapters', () => {
  it('matches a source that counts the prologue as chapter 1 to one that does not', () => {
    const story = list(['序章 重回青云', '第1章 外门杂役', '第2章 问道系统', '第3章 第一缕灵气', '番外 药园风波']);
    const other = list(['第一章 外门杂役', '第二章 问道系统', '第三章 第一缕灵气', '番外：药园风波']);
    expect([...alignChapters(story, other)]).toEqual([[1, 2], [2, 3], [3, 4], [4, 5]]);
  });

  it('prefers the name over a number that disagrees, and leaves a chapter the story lacks unmatched', () => {
    const story = list(['第1章 重回青云', '第2章 外门杂役', '第3章 问道系统']);
    // This site numbers one further and has a chapter of its own in the middle.
    const other = list(['第2章 重回青云', '第3章 外门杂役', '第4章 请假条', '第5章 问道系统']);
    expect([...alignChapters(story, other)]).toEqual([[1, 1], [2, 2], [4, 3]]);
  });

  it('trusts a bare number only when one side gives no name', () => {
    const story = list(['第1章', '第2章 外门杂役']);
    const other = list(['第1章 重回青云', '第2章 别的名字']);
    expect([...alignChapters(story, other)]).toEqual([[1, 1]]);
  });

  it('keeps chapters already mapped by URL where they are', () => {
    const story = [{ index: 7, title: '', url: 'https://a/7' }];
    expect([...alignChapters(story, [{ index: 3, title: '第三章 任意', url: 'https://a/7' }])]).toEqual([[3, 7]]);
  });

  it('aligns volumes that restart their numbering by name', () => {
    const story = list(['第一卷 第1章 下山', '第一卷 第2章 断剑', '第二卷 第1章 渡口']);
    const other = list(['第1章 下山', '第2章 断剑', '第3章 渡口']);
    expect([...alignChapters(story, other)]).toEqual([[1, 1], [2, 2], [3, 3]]);
  });
});

describe('confirmsSameBook', () => {
  it('needs most of the first chapters by name', () => {
    const story = list(['序章 重回青云', '第1章 外门杂役', '第2章 问道系统', '第3章 第一缕灵气', '第4章 药园风波']);
    expect(confirmsSameBook(story, list(['第一章 重回青云', '第二章 外门杂役', '第三章 问道系统', '第四章 第一缕灵气']))).toBe(true);
    expect(confirmsSameBook(story, list(['第一章 灰雾降临', '第二章 地下室', '第三章 避难所系统', '第四章 外门杂役']))).toBe(false);
    expect(confirmsSameBook(list(['第1章', '第2章']), list(['第1章', '第2章']))).toBe(false);
  });
});
