/**
 * Removes the ads and watermarks that source sites (and the sites their text was copied from) put
 * into chapter text, span by span: a paragraph that also holds story text keeps every sentence and
 * is dropped only when nothing but marks remains.
 *
 * Marks are searched on a "folded" copy of each line: full-width Latin letters, digits and symbols
 * read as ASCII and letters lower-cased, so `ｗｗｗ．ＸＸ．ｃｏｍ` and `www.xx.com` are one mark. The
 * copy keeps the line's length, so a match's offsets cut the original line.
 */

/** Characters scramblers put between the characters of a mark (after folding). */
const SCRAMBLERS = '⊥◇◆□■○●☆★♂♀※#@/_=&.{}()\\[\\]·•\\-~|丨*^+`\'"' + '\\s';
/** Scramblers plus 一, which only counts as one inside a mark (6一9一书一吧). */
const INSIDE = `[${SCRAMBLERS}一]*`;

/** Traditional forms (and digits' Chinese names) that a site name may be written with. */
const VARIANTS: Readonly<Record<string, string>> = {
  '6': '6六', '9': '9九', '书': '书書', '说': '说說', '网': '网網', '长': '长長', '风': '风風', '学': '学學',
  '爱': '爱愛', '声': '声聲', '笔': '笔筆', '阁': '阁閣', '顶': '顶頂', '点': '点點', '发': '发發', '无': '无無',
  '错': '错錯', '读': '读讀', '阅': '阅閱', '飘': '飘飄', '电': '电電', '续': '续續', '创': '创創', '欢': '欢歡',
  '临': '临臨', '载': '载載', '来': '来來', '记': '记記', '请': '请請', '连': '连連', '实': '实實', '见': '见見',
  '节': '节節', '广': '广廣', '趣': '趣', '门': '门門', '间': '间間', '时': '时時', '众': '众眾',
};

/** A word that still matches with scramblers between its characters and in traditional forms. */
function scrambled(word: string): string {
  return [...word].map((char) => (VARIANTS[char] ? `[${VARIANTS[char]}]` : char)).join(INSIDE);
}

/**
 * Names of novel sites whose marks travel with copied text (the supported sites' own among them).
 * Each one is enough to call a span a mark.
 */
const SITE_NAMES = [
  '69书吧', '书吧首发', '无错首发', '无错版', '爱有声', '长风文学', '起点中文', '起点原创', '起点女生', '笔趣阁', '22笔趣',
  '顶点小说', '狂人小说', '飘天文学', 'uu看书', '爱下电子书', '全本小说网', '八一中文', '书趣阁', '未完待续', '欢迎广大书友光临阅读',
];

const TLD = '(?:com|net|org|cc|la|info|kr|tw|cn|me|co|io|pro|xyz|top|vip|cx|so|tv|biz|club|site|online|app|in)';
/** A domain label, or labels each in braces (`{cf}{wx}`), the obfuscation some sites use. */
const LABEL = '(?:(?:\\{[a-z0-9-]+\\})+|[a-z0-9][a-z0-9-]*)';
const DOT = '\\s*[.。]\\s*';
const DOMAIN = `(?:https?:\\/\\/)?${LABEL}(?:${DOT}${LABEL})*${DOT}(?:\\{${TLD}\\}|${TLD})(?![a-z0-9])(?:\\/[\\w./?=&%#-]*)?`;

/** Patterns that are a mark by themselves (matched on the folded line). */
const ANCHORS: readonly RegExp[] = [
  ...SITE_NAMES.map((name) => new RegExp(scrambled(name), 'gu')),
  new RegExp(DOMAIN, 'gu'),
  /https?:\/\/[^\s，。！？、；：“”‘’()【】<>]+/gu,
  /\b(?:uukanshu|ixdzs8?|69shu(?:ba)?|piaotia|ptwxz|quanben5|22biqu)\b/gu,
  /最新[、,]?最快[、,]?最火的连载作品尽在/gu,
  /如欲知后事如何[^)\n]*/gu,
  /本章未完[^。!?)]*(?:下一页|继续阅读)[^。!?)]*/gu,
  /点击下一页继续阅读/gu,
  /一秒记住[^。!?]*/gu,
  /请(?:记住|收藏)[^。!?]{0,12}(?:网址|域名|本站)/gu,
  /(?:手机|电脑)版?阅读网址/gu,
  /(?:精彩小说)?无弹窗(?:免费)?(?:阅读)?/gu,
  /最新网址/gu,
  /在[一⊥◇#@/_]{2,}看!/gu,
];

/** Words that belong to a mark only when they touch one: before it ("原文在…", "无错首发…")… */
const BEFORE: readonly RegExp[] = ['内容在', '原文在', '最新小说在', '最新章节在', '本章节首发', '本章首发', '本书首发', '本小说首发', '首发', '请记住', '来自', '更新最快'].map(
  (word) => new RegExp(scrambled(word), 'gu'),
);
/** …and after it ("…看!", "…首发", "…小说网"). */
const AFTER: readonly RegExp[] = ['感谢各位书友的支持', '首发', '网址', '小说网', '中文网', '文学网', '小说', '网', '看', '阅读', '读'].map((word) => new RegExp(scrambled(word), 'gu'));

interface Interval {
  start: number;
  end: number;
}

/** Full-width ASCII forms read as ASCII and A–Z lower-cased, one code unit for one. */
function fold(line: string): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCharCode(code - 0xfee0).toLowerCase();
    else if (code === 0x3000) out += ' ';
    else if (code >= 0x41 && code <= 0x5a) out += String.fromCharCode(code + 32);
    else out += line[i];
  }
  return out;
}

function matches(patterns: readonly RegExp[], text: string): Interval[] {
  const found: Interval[] = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (const match of text.matchAll(pattern)) {
      if (match[0].length > 0) found.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

const ONLY_SCRAMBLERS = new RegExp(`^[${SCRAMBLERS}一]*$`, 'u');
/** Brackets sites wrap their plugs in (full-width ones fold to these); never quotes or 《》 titles. */
const BRACKETS = /[(【[]([^()【】[\]]{0,80})[)】\]]/gu;

/** Grows each mark over touching companions and scramblers, and over brackets that only hold marks. */
function markSpans(folded: string): Interval[] {
  const anchors = matches(ANCHORS, folded);
  if (anchors.length === 0) return [];
  const before = [...anchors, ...matches(BEFORE, folded)];
  const after = [...anchors, ...matches(AFTER, folded)];
  const touching = (gap: string) => ONLY_SCRAMBLERS.test(gap);
  const spans = anchors.map((anchor) => {
    const span = { ...anchor };
    for (let grown = true; grown; ) {
      grown = false;
      for (const part of before) {
        if (part.end <= span.start && part.start < span.start && touching(folded.slice(part.end, span.start))) {
          span.start = part.start;
          grown = true;
        }
      }
      for (const part of after) {
        if (part.start >= span.end && part.end > span.end && touching(folded.slice(span.end, part.start))) {
          span.end = part.end;
          grown = true;
        }
      }
    }
    if (folded[span.end] === '!') span.end++;
    return span;
  });
  for (const bracket of folded.matchAll(BRACKETS)) {
    const start = bracket.index;
    const end = start + bracket[0].length;
    if (spans.some((span) => span.start >= start && span.end <= end)) spans.push({ start, end });
  }
  return merge(spans, folded);
}

/** Sorted, overlapping or scrambler-separated spans joined into one, trailing scramblers taken in. */
function merge(spans: Interval[], folded: string): Interval[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    // Marks apart by scramblers, or by one comma ("…首发，请记住网址"), are one.
    if (last && (span.start <= last.end || ONLY_SCRAMBLERS.test(folded.slice(last.end, span.start).replace(/^[,、]/, '')))) {
      last.end = Math.max(last.end, span.end);
    } else out.push({ ...span });
  }
  for (const span of out) {
    // 一 is also a word: it is never taken from the story's side of a mark.
    const used = new Set([...folded.slice(span.start, span.end)].filter((char) => char.trim() !== '' && char !== '一' && ONLY_SCRAMBLERS.test(char)));
    while (span.start > 0 && used.has(folded[span.start - 1])) span.start--;
    while (span.end < folded.length && used.has(folded[span.end])) span.end++;
  }
  return out;
}

const SENTENCE_END = /[。！？!?…”"』」]$/u;
const CLAUSE_START = /^[\s，,、；;：:.]+/u;

/** The line with the spans cut out and the punctuation they leave behind tidied. */
function cut(line: string, spans: readonly Interval[]): string {
  let out = '';
  let from = 0;
  for (const span of spans) {
    out += line.slice(from, span.start);
    from = span.end;
    let rest = line.slice(from);
    if (out.trim() === '' || SENTENCE_END.test(out.trimEnd())) {
      const lead = rest.match(CLAUSE_START)?.[0].length ?? 0;
      from += lead;
      rest = rest.slice(lead);
    }
    if (/^[。！？!?]/u.test(rest)) out = out.replace(/[，,、；;：:\s]+$/u, '');
  }
  return (out + line.slice(from)).replace(/\s{2,}/g, ' ').trim();
}

/** Patterns of whole lines that are never story text, whatever the site. */
const COMMON_LINES: readonly RegExp[] = [/^[(（]?本章完[)）]?$/, /^[(（]?第\d+\/\d+页[)）]?$/];

export interface CleaningRules {
  /** Whole lines (trimmed) that are never story text on this site: navigation, script calls. */
  lines?: readonly RegExp[];
}

export interface CleanedText {
  paragraphs: string[];
  /** Marks cut out of lines that kept story text or were dropped. */
  spans: number;
  /** Lines dropped: a site's junk lines and lines with nothing but marks. */
  lines: number;
}

const LEFTOVER = new RegExp(`[${SCRAMBLERS}一]`, 'gu');

/**
 * Whether what is left of a line after its marks were cut is the story's: words, or a run of
 * punctuation an author wrote ("，，，", "……"); not a scrambler ("⊥", "一") or one stray sign.
 */
function isStory(rest: string): boolean {
  if (/[\p{L}\p{N}]/u.test(rest.replace(/一/g, ''))) return true;
  return [...rest.replace(LEFTOVER, '')].length >= 2;
}

/** Cleans one line: the line without its marks ('' when nothing of the story was on it). */
export function withoutMarks(line: string): { text: string; spans: number } {
  const spans = markSpans(fold(line));
  if (spans.length === 0) return { text: line, spans: 0 };
  const text = cut(line, spans);
  return { text: isStory(text) ? text : '', spans: spans.length };
}

/** The chapter's lines without marks; a line goes only when nothing of the story is left on it. */
export function cleanChapterLines(lines: readonly string[], rules: CleaningRules = {}): CleanedText {
  const junk = [...COMMON_LINES, ...(rules.lines ?? [])];
  const result: CleanedText = { paragraphs: [], spans: 0, lines: 0 };
  for (const line of lines) {
    if (junk.some((pattern) => pattern.test(line))) {
      result.lines++;
      continue;
    }
    const cleaned = withoutMarks(line);
    result.spans += cleaned.spans;
    if (cleaned.text) result.paragraphs.push(cleaned.text);
    else result.lines++;
  }
  return result;
}
