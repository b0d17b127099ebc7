import { COMMON_WORD_COUNT, isFrequentFunctionCharacter, isFrequentVerbCharacter, isTransliteration, personWordCount, TRANSLITERATION } from './nameWords';
import { wordTag, type Segment } from './segment';

/**
 * Proper names found without a Names entry, from jieba's tags and the shape of Chinese names:
 * dictionary words tagged as person, place, organisation or other proper noun; unknown words
 * (found by jieba's HMM) that start with a surname; and a name followed by a sect or place
 * suffix (青云 + 宗 → 青云宗); transliterated foreign names (克莱恩). A word jieba counts often
 * (钟声, 高中生) or one with a word of degree inside (风太大) is no name. They are read in
 * Hán-Việt with capitals ("Lâm Hiểu").
 */
const SURNAMES = new Set(
  [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔汤温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂苗谷盛曲翁冉骆蓝游辛靳管柴蒙鲍华喻祁蒲房滕屈饶牟艾尤穆卓古吉简项楚萧慕楚燕秦姬云风雪冷柳韩凤苍紫洛楚宁秋夜墨君'],
);
const COMPOUND_SURNAMES = new Set([
  '欧阳', '司马', '上官', '慕容', '诸葛', '东方', '南宫', '西门', '独孤', '令狐', '皇甫', '公孙',
  '轩辕', '夏侯', '端木', '长孙', '宇文', '尉迟', '司徒', '百里', '东郭', '北冥', '太史', '澹台', '纳兰', '拓跋',
]);
/** Characters that end an unknown word found by the HMM but do not belong to a name (林晓看 → 林晓). */
const NOT_IN_NAME = new Set([...'说道看笑走来去的了在是和与也都就又便却才把被对向从给让叫问听想点站坐拿用有没不一这那将已正刚还着过地得们身脸眼心手头等吗呢吧啊太很最更真早冲只快要会能敢肯该竟仍']);
/** Verbs that end a relative clause before 的 (林晓说的话, 林晓看的书): never the end of a name. */
const VERBS_BEFORE_DE = new Set([...'说道问叫想看听写做买拿用给']);
/** Titles and kinship words said after a surname. */
const TITLES = [
  '师兄', '师姐', '师弟', '师妹', '师父', '师傅', '师叔', '师伯', '长老', '大哥', '大姐', '大叔', '大娘', '大婶', '老师', '先生', '小姐', '公子', '姑娘', '夫人', '掌门', '宗主', '大人', '前辈',
  // Trades and offices of modern and historical stories (王经理 "Vương quản lý", 沈大夫).
  '经理', '总监', '主任', '主管', '老板', '医生', '大夫', '护士', '教授', '校长', '院长', '局长', '处长', '科长', '部长', '厂长', '村长', '队长', '班长', '组长', '警官', '律师', '秘书', '助理', '会计', '同学', '阿姨', '叔叔', '伯伯', '奶奶', '爷爷', '太太', '老爷', '少爷', '将军', '掌柜', '捕头', '公公', '嬷嬷', '姑姑', '侍卫', '总管', '管家', '董事长', '总裁', '记者', '导演', '编辑', '老太太', '老先生',
  '哥', '姐', '叔', '伯', '婶', '爷', '兄',
];
/** 一 ends a name (林晓一看) but may start a given name (乔一帆). */
const MAY_START_GIVEN_NAME = new Set(['一']);
/** Suffixes of sects, clans, places and buildings that join the name before them. */
const NAME_SUFFIXES = new Set([...'宗门派帮盟教会阁殿宫府谷城镇村山峰岭岛国州郡县楼院堂寺观洞湖河江海林关家族']);
/** A two-character noun before one of these names a place or sect (青石 + 镇, 青云 + 宗). */
const SETTLEMENT_SUFFIXES = new Set([...'镇村宗派帮盟阁殿宫州郡县岭峰谷寨']);
/** jieba tags many common words as person names (老槐树, 若想): those count only after a surname. */
const PERSON_TAGS = new Set(['nr', 'nrfg', 'nrt']);
/** Places and organisations; jieba's nz (other proper nouns) is mostly terms (野山参, 天涯海角). */
const PLACE_TAGS = new Set(['ns', 'nt']);
/** Everyday words jieba tags as places (像一潭深水, 走进深山). */
const COMMON_PLACE_WORDS = new Set(['大汉', '黑马', '太多', '云头', '深水', '深山', '大海', '高山', '大江', '山林', '海边', '河边', '山顶', '山脚', '江湖', '高台', '山下', '门前', '城北', '城南', '城东', '城西']);
/** Prepositions the HMM glues to the name after them (朝林风, 向苏晴). */
const PREPOSITIONS_BEFORE_NAMES = new Set([...'朝向对给跟和被把让叫从往替与同']);
/** Aspect particles: the character before one is a verb, not the end of a name (林凡握着). */
const ASPECT_PARTICLES = new Set(['着', '了', '过']);

const isHanWord = (text: string) => /^\p{Script=Han}+$/u.test(text);

function surnameLength(word: string): number {
  if (COMPOUND_SURNAMES.has(word.slice(0, 2))) return 2;
  return SURNAMES.has(word[0]) ? 1 : 0;
}

/** The name at the start of an unknown word, trimmed of trailing non-name characters; 0 if none. */
/** 赵师兄, 王大哥: the surname alone is the name, the rest a title read as a word ("Triệu sư huynh"). */
function surnameBeforeTitle(word: string): number {
  const surname = surnameLength(word);
  return surname > 0 && TITLES.some((title) => word.startsWith(title, surname)) ? surname : 0;
}

function personNameLength(word: string, beforeAspect: boolean, nameAsNoun = false): number {
  const surname = surnameLength(word);
  if (surname === 0 || word.length > surname + 3) return 0;
  let length = word.length;
  if (beforeAspect && length === surname + 2) length--;
  // 君莫笑的账号卡, 操控着君莫笑。: a three-character word the HMM kept whole and that nothing
  // follows as an object is a name whole (a game name), not a name and a verb (林晓看书).
  const keptWhole = nameAsNoun && length === surname + 2 && !NOT_IN_NAME.has(word[surname]) && !VERBS_BEFORE_DE.has(word[surname + 1]);
  while (!keptWhole && length > surname + 1 && NOT_IN_NAME.has(word[length - 1])) length--;
  // 林逸戴(上): a frequent verb after a two-character given name is the verb said next.
  if (!keptWhole && length === surname + 2 && isFrequentVerbCharacter(word[length - 1])) length--;
  if (length > surname + 2 || length <= surname) return 0;
  if (NOT_IN_NAME.has(word[surname]) && !(MAY_START_GIVEN_NAME.has(word[surname]) && length === surname + 2)) return 0;
  if (!hasGivenNameShape(word.slice(0, length), surname)) return 0;
  for (let index = surname + 1; index < length; index++) if (NOT_IN_NAME.has(word[index]) && !keptWhole) return 0;
  return length;
}

/**
 * 许再提, 大包小包: a frequent adverb, preposition or conjunction after the surname (再, 又, 把)
 * starts a clause, not a given name; a given name ending on the surname again is a pattern of
 * words (包小包), not a name.
 */
function hasGivenNameShape(word: string, surname: number): boolean {
  if (isFrequentFunctionCharacter(word[surname]) && !MAY_START_GIVEN_NAME.has(word[surname])) return false;
  return !(word.length === surname + 2 && word[surname + 1] === word[surname - 1]);
}

/** 小桃, 阿福: an unknown two-character word after a nickname prefix. */
function nicknameLength(word: string): number {
  return word.length === 2 && (word[0] === '小' || word[0] === '阿') && !NOT_IN_NAME.has(word[1]) ? 2 : 0;
}

/** 小 + 杨, 小 + 李看: a surname cut off after 小 is what friends call that person (小杨 "Tiểu Dương"). */
function nicknameBeforeSurname(line: string, next: Segment | undefined): number {
  if (!next || !SURNAMES.has(line[next.start])) return 0;
  const length = next.end - next.start;
  const alone = length === 1 && PERSON_TAGS.has(next.tag);
  const second = line[next.start + 1];
  const beforeVerb = (length === 2 || length === 3) && next.tag === 'x' && (NOT_IN_NAME.has(second) || wordTag(second)?.startsWith('v') === true);
  return alone || beforeVerb ? 2 : 0;
}

/** A person word of jieba that can be a name: a surname and at most two characters more, the first not the surname again (蒙蒙亮). */
function mayBePersonName(word: string): boolean {
  const surname = surnameLength(word);
  // 包里 ("in the bag"): a surname and a localiser is a place in something, not a name.
  if (word.length === surname + 1 && LOCALISERS.has(word[surname])) return false;
  return surname > 0 && word.length <= surname + 2 && word[surname] !== word[surname - 1] && hasGivenNameShape(word, surname) && (personWordCount(word) ?? 0) < COMMON_WORD_COUNT;
}

const LOCALISERS = new Set([...'里上中内外下']);

/** 回国 (a verb of going with its place), 庙里 (a noun with its localiser): no place name. */
function isPlaceInSomething(word: string): boolean {
  return word.length === 2 && (GOING_VERBS.has(word[0]) || LOCALISERS.has(word[1]));
}
/** 回国, 出国: a verb of going with its place is no place name. */
const GOING_VERBS = new Set([...'回出进入到去归离']);

/** 纳兰 + 桀: a compound surname jieba leaves alone, and the short given name it cut after it. */
function compoundSurnameName(word: string, next: Segment | undefined, line: string): number {
  if (!COMPOUND_SURNAMES.has(word) || !next) return 0;
  const given = line.slice(next.start, next.end);
  return given.length <= 2 && isHanWord(given) && ![...given].some((character) => NOT_IN_NAME.has(character)) ? next.end - next.start + 2 : 0;
}

const beforeAspect = (line: string, next: Segment | undefined) => !!next && next.end - next.start === 1 && ASPECT_PARTICLES.has(line[next.start]);

/** A place word of jieba: short, or ending like a place (夕阳西下 is tagged ns too). */
function isPlaceName(word: string): boolean {
  return word.length <= 3 || NAME_SUFFIXES.has(word[word.length - 1]);
}

/** End of the run of transliteration characters from `start` (维塔斯 of 维塔/斯来, as jieba cut it). */
function transliterationEnd(line: string, start: number): number {
  let end = start;
  while (end < line.length && TRANSLITERATION.has(line[end])) end++;
  return end;
}

/**
 * The word at `index` stands as a noun: 的 follows it (君莫笑的账号卡), or it ends a clause
 * right after a verb with its aspect particle or 把/用 (操控着君莫笑。).
 */
function usedAsNoun(line: string, segments: readonly Segment[], index: number): boolean {
  const next = segments[index + 1];
  if (next && line.slice(next.start, next.end) === '的') return true;
  const previous = segments[index - 1];
  const endsClause = !next || !/\p{Script=Han}/u.test(line.charAt(next.start));
  return endsClause && !!previous && ['着', '了', '把', '用'].includes(line.slice(previous.start, previous.end));
}

/** Institutions a made-up name goes before (天武 + 学院 → "Thiên Võ Học Viện"). */
const INSTITUTION_WORDS = new Set(['学院', '书院', '学府', '武馆', '商会', '帝国', '王朝', '皇朝', '宗门', '世家', '山脉', '剑派', '圣地']);

/** 天衍宗, 天武学院: an unknown word ending on a sect suffix, or before an institution, names it. */
function institutionNameEnd(line: string, segments: readonly Segment[], index: number): number {
  const { start, end } = segments[index];
  const word = line.slice(start, end);
  if ([...word].some((character) => NOT_IN_NAME.has(character) || PREPOSITIONS_BEFORE_NAMES.has(character))) return 0;
  if (word.length === 3 && SETTLEMENT_SUFFIXES.has(word[2])) return end;
  const next = segments[index + 1];
  return word.length === 2 && next && INSTITUTION_WORDS.has(line.slice(next.start, next.end)) ? next.end : 0;
}

/** 今 + 日本王: a place word whose first character ends a time word with the one before (今日) is cut wrong. */
function startsInTimeWord(line: string, segments: readonly Segment[], index: number): boolean {
  const previous = segments[index - 1];
  if (!previous || previous.end - previous.start !== 1) return false;
  return wordTag(line.slice(previous.start, previous.end + 1)) === 't';
}

/**
 * Start → end of every proper name detected in the line; `isOrdinaryWord` says which words the
 * phrase list reads as everyday words (火海 "biển lửa", 雷光 "lôi quang"), which are no names.
 */
export function detectNames(line: string, segments: readonly Segment[], isOrdinaryWord: (word: string) => boolean = () => false): Map<number, number> {
  const names = new Map<number, number>();
  for (let index = 0; index < segments.length; index++) {
    const { start, end, tag } = segments[index];
    const word = line.slice(start, end);
    // 沙沙, 哗哗: a sound said twice is no name.
    if (!isHanWord(word) || (word.length === 2 && word[0] === word[1])) continue;
    if (word === '小' && tag === 'a' && nicknameBeforeSurname(line, segments[index + 1])) {
      names.set(start, start + 2);
      continue;
    }
    if (word.length < 2 || !isTransliteration(word)) {
      const run = transliterationEnd(line, start);
      if (run > end && isTransliteration(line.slice(start, run))) {
        names.set(start, run);
        while (index + 1 < segments.length && segments[index + 1].end <= run) index++;
        continue;
      }
      if (word.length < 2) continue;
    }
    const next = segments[index + 1];
    let nameEnd = 0;
    if (isTransliteration(word)) nameEnd = transliterationEnd(line, start);
    else if (surnameBeforeTitle(word) && (PERSON_TAGS.has(tag) || tag === 'x')) nameEnd = start + surnameBeforeTitle(word);
    else if (PERSON_TAGS.has(tag)) nameEnd = mayBePersonName(word) ? end : start;
    else if (PLACE_TAGS.has(tag)) nameEnd = isPlaceName(word) && !COMMON_PLACE_WORDS.has(word) && !isPlaceInSomething(word) && !startsInTimeWord(line, segments, index) ? end : start;
    else if (tag === 'x' && word.length === 3 && PREPOSITIONS_BEFORE_NAMES.has(word[0]) && personNameLength(word.slice(1), false) === 2) {
      names.set(start + 1, end);
      continue;
    }
    else if (tag === 'x' && institutionNameEnd(line, segments, index)) nameEnd = institutionNameEnd(line, segments, index);
    else if (tag === 'x') nameEnd = start + (nicknameLength(word) || compoundSurnameName(word, next, line) || personNameLength(word, beforeAspect(line, next), usedAsNoun(line, segments, index)));
    else if (tag === 'n' && word.length === 2 && next && next.end - next.start === 1 && SETTLEMENT_SUFFIXES.has(line[next.start])) nameEnd = end;
    if (nameEnd <= start) continue;
    const nextWord = next && nameEnd === end ? line.slice(next.start, next.end) : '';
    const withSuffix = nextWord.length === 1 && NAME_SUFFIXES.has(nextWord);
    // 青石 + 镇 names a place though 青石 alone is an everyday word.
    if (!withSuffix && isOrdinaryWord(line.slice(start, nameEnd))) continue;
    if (withSuffix) {
      nameEnd = next.end;
      index++;
    }
    names.set(start, nameEnd);
    if (nameEnd > end) index++;
  }
  return names;
}

/** 姓韩名立: the span of the surname and of the given name a sentence states, and where it ends. */
export function statedNameAt(line: string, start: number): { surname: [number, number]; given: [number, number]; end: number } | undefined {
  if (line[start] !== '姓') return undefined;
  const surname = surnameLength(line.slice(start + 1, start + 3));
  const givenStart = start + 1 + surname + 1;
  if (surname === 0 || line[givenStart - 1] !== '名') return undefined;
  let givenEnd = givenStart;
  while (givenEnd < givenStart + 2 && isHanWord(line.charAt(givenEnd)) && !NOT_IN_NAME.has(line[givenEnd])) givenEnd++;
  if (givenEnd === givenStart) return undefined;
  return { surname: [start + 1, start + 1 + surname], given: [givenStart, givenEnd], end: givenEnd };
}
