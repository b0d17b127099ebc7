/** Grammatical particles and function words whose reading depends on the words around them (地, 在, 得, 从, 当, 不过, 的话, 呢). */
import { characterWord } from './nameWords';
import { wordTag, type Segment } from './segment';

/** The segmenter's word at each UTF-16 position of a line. */
type SegmentOf = readonly (Segment | undefined)[];

/** Tags of the words after which 地 is the adverbial particle (认真地说, 无声地落下). */
const ADVERBIAL_TAGS = new Set(['d', 'ad', 'a', 'an', 'ag', 'z', 'v', 'vd', 'i', 'l']);

/**
 * 地 as the adverbial particle (dropped): tagged so by the segmenter, or glued by its HMM to the
 * verb after an adverb or adjective (认真/ad 地说/x).
 */
export function isAdverbialParticle(line: string, position: number, segmentOf: SegmentOf): boolean {
  const segment = segmentOf[position];
  if (!segment || segment.start !== position || line[position] !== '地') return false;
  const before = segmentOf[position - 1];
  const adverbial = !!before && (ADVERBIAL_TAGS.has(before.tag) || isRepeatedMeasure(line, before, segmentOf) || isNumeralIdiom(line, before) || isReduplicated(line.slice(before.start, before.end)));
  // 这块地, 一片地: after a demonstrative or a measure word 地 is land, whatever the tag says.
  if (segment.end === position + 1 && segment.tag === 'uv') return !before || adverbial || !['r', 'm', 'q', 'mq'].includes(before.tag);
  // 认真/ad 地说/x, 清清楚楚/z 地传进/x; 似懂非懂/l 地点/n 了点头: after a word of manner jieba
  // may glue 地 to the verb.
  if (segment.end === position + 1) return false;
  // 吃力/n 地往/x: a word jieba took for a noun, 地 and a preposition or verb glued to it.
  const rest = wordTag(line.slice(position + 1, segment.end)) ?? '';
  if (!adverbial) return segment.tag === 'x' && ['n', 'nr'].includes(before?.tag ?? '') && before!.end - before!.start >= 2 && /^(p|v|zg|d)/.test(rest);
  return segment.tag === 'x' || ['z', 'l', 'i'].includes(before.tag) || isReduplicated(line.slice(before.start, before.end)) || rest.startsWith('v');
}

/** 一五一十, 三五成群: a four-character numeral word is a manner, not a count. */
function isNumeralIdiom(line: string, segment: Segment): boolean {
  return segment.tag === 'm' && segment.end - segment.start === 4;
}

/** 慢慢, 冷冰冰, 老老实实: a word made by doubling. */
function isReduplicated(word: string): boolean {
  if (word.length === 2) return word[0] === word[1];
  if (word.length === 3) return word[1] === word[2];
  return word.length === 4 && word[0] === word[1] && word[2] === word[3];
}

/** 在 before a verb marks an action going on (他在等你 → "hắn đang chờ ngươi"); before a place it is "ở". */
export function isProgressiveZai(line: string, position: number, segmentOf: SegmentOf): boolean {
  const segment = segmentOf[position];
  if (line[position] !== '在' || !segment || segment.start !== position || segment.end !== position + 1) return false;
  const next = segmentOf[position + 1];
  // 在擂台/v 上: a word with a localiser after it is a place, whatever jieba tagged it.
  const after = next && segmentOf[next.end];
  if (next && after?.tag === 'f' && after.start === next.end && after.end === next.end + 1) return false;
  // jieba tags 等 ("to wait") as the particle "etc." after 在.
  return !!next && next.start === position + 1 && (next.tag.startsWith('v') || line.slice(next.start, next.end) === '等');
}

/** 一点一点, 一步 一步: a measure said twice is an adverb of manner. */
function isRepeatedMeasure(line: string, segment: Segment, segmentOf: SegmentOf): boolean {
  if (segment.tag !== 'm') return false;
  const word = line.slice(segment.start, segment.end);
  const half = word.length / 2;
  if (word.length >= 4 && word.slice(0, half) === word.slice(half)) return true;
  const previous = segmentOf[segment.start - 1];
  if (!previous) return false;
  if (line.slice(previous.start, previous.end) === word) return true;
  // 一盏接一盏
  const first = segmentOf[previous.start - 1];
  return line.slice(previous.start, previous.end) === '接' && !!first && line.slice(first.start, first.end) === word;
}

/** The single-character word at `position` and the word after it, as the segmenter cut them. */
function wordAndNext(line: string, position: number, segmentOf: SegmentOf, character: string): { next?: Segment } | undefined {
  const segment = segmentOf[position];
  if (line[position] !== character || !segment || segment.start !== position || segment.end !== position + 1) return undefined;
  const next = segmentOf[position + 1];
  return { next: next && next.start === position + 1 ? next : undefined };
}

/**
 * 将 before what it moves is the object marker, "đem" as converters say it (将整个小镇笼罩 →
 * "đem toàn bộ trấn nhỏ bao phủ"); before a verb or an adverb it is the future "sẽ" (他将离开).
 */
export function isObjectJiang(line: string, position: number, segmentOf: SegmentOf): boolean {
  const word = wordAndNext(line, position, segmentOf, '将');
  return !!word?.next && !word.next.tag.startsWith('v') && !word.next.tag.startsWith('d');
}

/**
 * 得 linking a verb or adjective to how it went (安静得有些反常, 笑得灿烂) is "được", as
 * converters say it; 得 before a verb is "must" (我得走了) and keeps its phrase.
 */
export function isComplementDe(line: string, position: number, segmentOf: SegmentOf): boolean {
  const word = wordAndNext(line, position, segmentOf, '得');
  if (!word || segmentOf[position]?.tag !== 'ud' || !word.next) return false;
  // 激动得说不出话来: after a verb or an adjective it links to how it went, whatever follows.
  return !word.next.tag.startsWith('v') || /^(v|a|z|i|nr)/.test(segmentOf[position - 1]?.tag ?? '');
}

/** 就得去, 我得走了: 得 after an adverb or a pronoun and before a verb is "phải" (must). */
export function isMustDe(line: string, position: number, segmentOf: SegmentOf): boolean {
  const word = wordAndNext(line, position, segmentOf, '得');
  return !!word?.next && word.next.tag.startsWith('v') && /^(d|r)/.test(segmentOf[position - 1]?.tag ?? '');
}

/** Localisers said in Hán-Việt after a noun, as converters say them (屋檐上 "mái hiên thượng"). */
const LOCALISERS: Readonly<Record<string, string>> = { 上: 'thượng', 里: 'lý', 中: 'trung', 下: 'hạ' };

/**
 * 上, 里, 中, 下 cut off by the segmenter after a noun (屋檐 上, 院子 里, 灌木丛 中): their
 * Hán-Việt reading, the converters' convention; a word that holds them (地上, 心中) keeps its phrase.
 */
export function localiserAfterNoun(line: string, position: number, segmentOf: SegmentOf): string | undefined {
  const reading = LOCALISERS[line[position]];
  const segment = segmentOf[position];
  if (!reading || !segment || segment.start !== position || segment.end !== position + 1 || segment.tag !== 'f') return undefined;
  const before = segmentOf[position - 1];
  return before && /^(n|s|t)/.test(before.tag) ? reading : undefined;
}

/** 想 before a verb is wanting to do it, "muốn" (想知道, 不想迟到); alone it is thinking, "nghĩ". */
export function isWantingXiang(line: string, position: number, segmentOf: SegmentOf): boolean {
  const word = wordAndNext(line, position, segmentOf, '想');
  return !!word?.next && word.next.tag.startsWith('v');
}

/**
 * 从 as converters say it, "theo" (从身后传来 → "theo phía sau truyền đến"); "từ" where a 到 or
 * 至 later in the clause says how far (从早到晚 → "từ sáng đến tối").
 */
export function congPreposition(line: string, position: number, segmentOf: SegmentOf): string | undefined {
  // 从 alone, or first in a word the segmenter made of it and its noun (从树林 里).
  if (line[position] !== '从' || segmentOf[position]?.start !== position) return undefined;
  const clause = line.slice(position + 1).split(/[。！？!?，,；;：:…]/, 1)[0];
  return /[到至]/.test(clause) ? 'từ' : 'theo';
}

/** 打不过, 说不过: 不过 after a verb says it cannot win, "không lại"; elsewhere it is "but" (bất quá). */
export function isCannotOutdo(line: string, position: number, segmentOf: SegmentOf): boolean {
  const segment = segmentOf[position];
  if (line.slice(position, position + 2) !== '不过' || segment?.start !== position || segment.end !== position + 2) return false;
  const before = segmentOf[position - 1];
  return !!before && before.end - before.start === 1 && before.tag.startsWith('v');
}

/** 如果你不去的话， : 的话 closing a clause that opens with a condition is left unsaid (听师父的话 is "lời"). */
export function isConditionalDehua(line: string, position: number): boolean {
  if (!line.startsWith('的话', position) || !/^[，,。！？!?]?$/.test(line.charAt(position + 2))) return false;
  const clause = line.slice(0, position).split(/[，,。！？!?；;：:“”"]/).pop() ?? '';
  return /^(如果|要是|假如|若是|倘若|万一|如|若|只要)/.test(clause);
}

const PRONOUNS: Readonly<Record<string, string>> = { 你: 'ngươi', 我: 'ta', 他: 'hắn', 她: 'nàng', 您: 'ngài' };

/** 你呢？ opening a question asks "and you?": "còn ngươi?" (问起你呢 keeps 呢 "đâu"). */
export function andYouAt(line: string, position: number): string | undefined {
  const pronoun = PRONOUNS[line[position]];
  if (!pronoun || line[position + 1] !== '呢' || !/[？?]/.test(line.charAt(position + 2))) return undefined;
  const before = line.slice(0, position).replace(/那么?$/, '');
  return before === '' || /[，,。！？!?：:“"「]$/.test(before) ? `còn ${pronoun}` : undefined;
}

/** 当他回来时, 当我们: 当 opening a time clause is "khi"; before a role (当负责人) it is "làm". */
export function isWhenDang(line: string, position: number, segmentOf: SegmentOf): boolean {
  const word = wordAndNext(line, position, segmentOf, '当');
  if (!word?.next) return false;
  const clause = line.slice(position + 1).split(/[，,。！？!?；;]/, 1)[0];
  return word.next.tag === 'r' || /时|的时候/.test(clause);
}

/**
 * 往屋里一推，, 侧身一让，, 胸口一闷。: 一 before a single verb or adjective that closes the clause
 * says the action came at once; Vietnamese says the verb alone ("hướng trong phòng đẩy"), where
 * "một đẩy" would read as a count. A listed phrase (一看 "vừa nhìn") is said as listed.
 */
export function isSuddenActionYi(line: string, position: number, segmentOf: SegmentOf): boolean {
  const segment = segmentOf[position];
  if (line[position] !== '一' || !segment || segment.start !== position) return false;
  const end = position + 2;
  const verb = segmentOf[position + 1];
  const glued = segment.end === end && segment.tag === 'x';
  const apart = segment.end === position + 1 && verb?.start === position + 1 && verb.end === end;
  if (!glued && !apart) return false;
  if (!/[\p{Script=Han}]/u.test(line.charAt(position - 1)) || !/^[va]/.test(characterWord(line[position + 1])?.tag ?? '')) return false;
  return end === line.length || /[，,。！？!?；;…”"]/.test(line[end]);
}

/**
 * 就起来了, 他突然起来: 起来 after no verb is the verb itself, getting up, "đứng lên" as
 * converters say it; after a verb (站了起来, 笑起来) it is the complement "lên".
 */
export function isGettingUp(line: string, position: number, segmentOf: SegmentOf): boolean {
  const segment = segmentOf[position];
  if (!line.startsWith('起来', position) || segment?.start !== position || segment.end !== position + 2) return false;
  let before = segmentOf[position - 1];
  if (before && line.slice(before.start, before.end) === '了') before = segmentOf[before.start - 1];
  return !!before && /^(d|ad|r|n|nr|t)$/.test(before.tag) && /\p{Script=Han}/u.test(line.charAt(before.end - 1));
}

/** 一把抓住, 一把抱住: 一把 before a verb is one quick grab, "một phen" as converters say it, not a count of blades. */
export function isGrabYiba(line: string, position: number, segmentOf: SegmentOf): boolean {
  const segment = segmentOf[position];
  if (!line.startsWith('一把', position) || segment?.start !== position || segment.end !== position + 2) return false;
  const next = segmentOf[position + 2];
  return !!next && next.start === position + 2 && (next.tag.startsWith('v') || /^[将把]$/.test(line.slice(next.start, next.end)));
}
