/** What kind of word the segmenter cut: a dictionary word read whole, or a grammatical combination or a count read piece by piece. */
import { MEASURE_WORDS } from './measures';
import { isNumeral } from './numbers';
import { wordTag, type Segment } from './segment';

/**
 * What makes a word of the segmenter a grammatical combination, read piece by piece: particles
 * and negation anywhere (看不见, 走了), a pronoun or demonstrative first (这是), a direction or
 * result last (走进, 拿起, 吃完).
 */
const GRAMMATICAL = new Set([...'不没了着过得一的们若想要能该吗呢吧啊呀嘛']);
const PRONOUN_FIRST = new Set([...'这那我你他她它只']);
const COMPLEMENT_LAST = new Set([...'来去进出上下回起开到住完死走']);

/** Tags of words whose meaning is not the sum of their characters' everyday meanings. */
const FUNCTION_TAGS = new Set(['x', 'r', 'd', 'c', 'p', 'u', 'ul', 'uj', 'uz', 'ug', 'uv', 'ud', 'y', 'e', 'o', 'm']);

/**
 * A dictionary word of the segmenter (人才, 大学, 关爱) that no phrase covers whole: its own
 * meaning is unknown, and its characters' everyday meanings would say something false ("người
 * mới"), so it is read in Hán-Việt; grammatical combinations (看不见, 这是) are read piece by piece.
 */
export function isLexicalWord(line: string, segment: Segment | undefined, position: number): boolean {
  if (!segment || segment.start !== position || segment.end - segment.start < 2 || FUNCTION_TAGS.has(segment.tag)) return false;
  for (let index = segment.start; index < segment.end; index++) {
    if (GRAMMATICAL.has(line[index])) return false;
    // 前十名, 炼气七层: a count inside the word is said as a number with its measure word.
    if (index > segment.start && isNumeral(line[index]) && MEASURE_WORDS[line[index + 1]] !== undefined && index + 1 < segment.end) return false;
  }
  return !PRONOUN_FIRST.has(line[segment.start]) && !COMPLEMENT_LAST.has(line[segment.end - 1]) && !isMovement(line.slice(segment.start, segment.end));
}

/** 往下掉, 从树林, 走上台, 围坐在: a verb with its direction, or a preposition with its noun, in three characters. */
function isMovement(word: string): boolean {
  if (word.length !== 3) return false;
  if ('往向朝从在对把被给'.includes(word[0]) || word[2] === '在') return true;
  return COMPLEMENT_LAST.has(word[1]) && wordTag(word[0]) === 'v';
}

/** 二愣子, 一样: a word of the segmenter that starts with a numeral but is no number. */
export function startsWordWithoutNumber(segment: Segment | undefined, position: number): boolean {
  return !!segment && segment.start === position && segment.end - segment.start > 1 && !['m', 'mq', 'q', 'x', 't'].includes(segment.tag);
}

/** 十秒钟, 几秒钟: a word of the segmenter that is a count of seconds or minutes. */
export function isTimeSpan(line: string, segment: Segment): boolean {
  return /^[几一二两三四五六七八九十百]+(秒钟|秒|分钟)$/.test(line.slice(segment.start, segment.end));
}
