import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtInPhrases } from '@/server/convert/builtIn';

const JIEBA_DICT = path.join(process.cwd(), 'node_modules', '@node-rs', 'jieba', 'dict.txt');
const TOP = 20_000;
/** Proper names and numerals, which the name and number rules read rather than the phrase list. */
const NAME_OR_NUMBER_TAGS = new Set(['nr', 'nrt', 'nrfg', 'ns', 'nt', 'nz', 'm', 'mq']);

interface Word {
  word: string;
  count: number;
  tag: string;
}

function jiebaWords(): Word[] {
  const words: Word[] = [];
  for (const line of readFileSync(JIEBA_DICT, 'utf8').split('\n')) {
    const [word, count, tag = ''] = line.trim().split(' ');
    if (word && /^\p{Script=Han}{2,4}$/u.test(word)) words.push({ word, count: Number(count), tag });
  }
  return words.sort((a, b) => b.count - a.count);
}

function covered(words: Word[], has: (word: string) => boolean): string {
  const top = words.slice(0, TOP);
  const listed = top.filter(({ word }) => has(word));
  const weight = (list: Word[]) => list.reduce((sum, { count }) => sum + count, 0);
  return `${listed.length}/${top.length} words, ${((100 * weight(listed)) / weight(top)).toFixed(1)} % of their count`;
}

/**
 * How much of jieba's most frequent vocabulary the built-in phrase list has as entries: of the
 * 20,000 most frequent words of 2–4 Han characters, how many are keys, and their share of the
 * words' counts; the same without proper names and numerals.
 */
export function phraseCoverage(): Record<string, string> {
  const phrases = builtInPhrases();
  const words = jiebaWords();
  const has = (word: string) => phrases.has(word);
  return {
    phraseCoverageJiebaTop20k: covered(words, has),
    phraseCoverageJiebaTop20kNoNames: covered(
      words.filter(({ tag }) => !NAME_OR_NUMBER_TAGS.has(tag)),
      has,
    ),
  };
}
