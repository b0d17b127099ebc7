import { dict } from '@node-rs/jieba/dict';
import { processCached } from './processCache';

/**
 * What jieba's dictionary says about person names: the words it tags nr, nrfg or nrt with their
 * counts. Many of those are everyday words that happen to read as names (钟声 285, 高中生 129,
 * 文明 6,584); real names in it are rare (克莱恩 3). Read once per process, on first use.
 */
export function personWordCount(word: string): number | undefined {
  return processCached('personWordCounts', readPersonWordCounts).get(word);
}

function readPersonWordCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of new TextDecoder().decode(dict).split('\n')) {
    const [entry, count, tag] = line.split(' ');
    if (tag?.startsWith('nr')) counts.set(entry, Number(count));
  }
  return counts;
}

/** jieba's count and tag of a single character taken as a word (再 55,507 d, 戴 4,398 v). */
export function characterWord(character: string): { count: number; tag: string } | undefined {
  return processCached('characterWords', readCharacterWords).get(character);
}

function readCharacterWords(): Map<string, { count: number; tag: string }> {
  const words = new Map<string, { count: number; tag: string }>();
  for (const line of new TextDecoder().decode(dict).split('\n')) {
    const [entry, count, tag] = line.split(' ');
    if (entry && [...entry].length === 1 && tag) words.set(entry, { count: Number(count), tag });
  }
  return words;
}

/** An adverb, preposition or conjunction said this often (再, 又, 把) never starts a given name (许再提). */
const FUNCTION_WORD_COUNT = 10_000;
/** A verb said this often ends a name only as the verb after it (林逸戴 → 林逸 + 戴). */
const FREQUENT_VERB_COUNT = 3_000;

export function isFrequentFunctionCharacter(character: string): boolean {
  const word = characterWord(character);
  return !!word && ['d', 'p', 'c'].includes(word.tag) && word.count >= FUNCTION_WORD_COUNT;
}

export function isFrequentVerbCharacter(character: string): boolean {
  const word = characterWord(character);
  return !!word && word.tag === 'v' && word.count >= FREQUENT_VERB_COUNT;
}

/** A word tagged as a person that counts this often in jieba's corpus is a common word. */
export const COMMON_WORD_COUNT = 50;

/**
 * Characters of transliterated foreign names (克莱恩, 维塔斯, 艾莉丝): a word made only of them,
 * with at least two of the strongly foreign ones, is read as a name.
 */
export const TRANSLITERATION = new Set([
  ...'克莱恩斯特尔德拉里维亚诺伊娜莎丽安妮卡罗琳奥艾埃蒂菲尼希西玛姆波伯布普佩贝巴帕泰塔兰伦林格古哥瓦沃夫弗费福赫霍汉哈凯肯库科索萨桑森莉莱蕾雷瑞露鲁路洛芙芬薇威韦温乌兹泽扎杰吉基琪茜丝迪多朵达戴登顿',
]);
const STRONGLY_FOREIGN = new Set([...'莱恩斯尔娜莎妮琳奥艾埃蒂菲希玛姆泰塔瑞露芙薇兹泽丝迪朵']);

export function isTransliteration(word: string): boolean {
  const characters = [...word];
  return (
    characters.length >= 2 &&
    characters.every((character) => TRANSLITERATION.has(character)) &&
    characters.filter((character) => STRONGLY_FOREIGN.has(character)).length >= 2
  );
}
