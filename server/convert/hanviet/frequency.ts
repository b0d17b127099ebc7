import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Character frequency derived from the word list jieba ships (dict.txt of @node-rs/jieba, MIT):
 * each word's count is added to every character of it. The list counts words of a large mixed
 * corpus, which makes it a redistributable stand-in for a published character frequency list.
 */
export function jiebaDictionaryPath(): string {
  return path.join(path.dirname(require.resolve('@node-rs/jieba')), 'dict.txt');
}

/**
 * Han characters by descending summed frequency, ties in code-point order. Only words of two
 * or more characters, all of them `allowed`, count: the list's single-character entries include
 * mojibake with large counts (UTF-8 read as GBK: 锛 12605, 杩 3505), and a character set of the
 * simplified standard (GB 2312) keeps other garbage and traditional forms out.
 */
export function charactersByFrequency(
  allowed: ReadonlySet<string>,
  dictionaryText = readFileSync(jiebaDictionaryPath(), 'utf8'),
): string[] {
  const counts = new Map<string, number>();
  for (const line of dictionaryText.split('\n')) {
    const [word, count] = line.split(' ');
    const frequency = Number(count);
    if (!word || !Number.isFinite(frequency)) continue;
    const characters = [...word].filter((character) => /\p{Script=Han}/u.test(character));
    if (characters.length < 2 || !characters.every((character) => allowed.has(character))) continue;
    for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + frequency);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.codePointAt(0)! - b.codePointAt(0)!)
    .map(([character]) => character);
}
