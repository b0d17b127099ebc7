/**
 * "Thay thế khi đọc": what the listener wants said instead of what is written, applied only to
 * the text that is spoken (the page keeps its text). A reader keeps one list for every story and
 * one per story; a few defaults for game-style stories can be turned off. The browser's voice and
 * the server's audio apply the same rules with this module.
 */

export interface Replacement {
  from: string;
  to: string;
  /** Only where `from` is a whole word (not inside a longer word or number). */
  wholeWord: boolean;
}

export const REPLACEMENT_LIMITS = { entries: 500, chars: 100 } as const;

/** The defaults a reader can turn off, by id. `pause` turns runs of dots and emoticons into a pause. */
export const DEFAULT_REPLACEMENTS = [
  { id: 'lv', from: 'Lv', to: 'cấp', wholeWord: true, label: 'Lv → cấp' },
  { id: 'hp', from: 'HP', to: 'máu', wholeWord: true, label: 'HP → máu' },
  { id: 'mp', from: 'MP', to: 'mana', wholeWord: true, label: 'MP → mana' },
  { id: 'npc', from: 'NPC', to: 'N-P-C', wholeWord: true, label: 'NPC → N-P-C' },
  { id: 'pause', from: '', to: '', wholeWord: false, label: 'Dấu chấm liền nhau, biểu tượng cảm xúc → ngắt nghỉ' },
] as const;

export type DefaultReplacementId = (typeof DEFAULT_REPLACEMENTS)[number]['id'];
export const DEFAULT_REPLACEMENT_IDS: readonly DefaultReplacementId[] = DEFAULT_REPLACEMENTS.map((entry) => entry.id);

export function isDefaultReplacementId(id: unknown): id is DefaultReplacementId {
  return typeof id === 'string' && (DEFAULT_REPLACEMENT_IDS as readonly string[]).includes(id);
}

/** A reader's lists: every story's, this story's, and the defaults turned off. */
export interface ReplacementLists {
  reader: Replacement[];
  story: Replacement[];
  disabledDefaults: DefaultReplacementId[];
}

export const EMPTY_LISTS: ReplacementLists = { reader: [], story: [], disabledDefaults: [] };

export interface EntryProblem {
  /** Position of the entry in the list as sent. */
  index: number;
  message: string;
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

function problemOf(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return 'Mục thay thế không hợp lệ.';
  const { from, to, wholeWord } = raw as Record<string, unknown>;
  if (typeof from !== 'string' || typeof to !== 'string') return 'Mục thay thế cần có chữ gốc và chữ đọc thay.';
  if (wholeWord !== undefined && typeof wholeWord !== 'boolean') return 'Lựa chọn "cả từ" không hợp lệ.';
  if (!from.trim()) return 'Chữ gốc không được để trống.';
  if (from.length > REPLACEMENT_LIMITS.chars || to.length > REPLACEMENT_LIMITS.chars) return `Mỗi bên tối đa ${REPLACEMENT_LIMITS.chars} ký tự.`;
  if (CONTROL.test(from) || CONTROL.test(to)) return 'Không được chứa ký tự điều khiển.';
  return null;
}

/**
 * The valid entries of a list as sent (trimmed, NFC, the first of duplicates kept, at most
 * REPLACEMENT_LIMITS.entries) and a Vietnamese message for each entry left out.
 */
export function validateReplacements(raw: readonly unknown[]): { entries: Replacement[]; problems: EntryProblem[] } {
  const entries: Replacement[] = [];
  const problems: EntryProblem[] = [];
  const seen = new Set<string>();
  raw.forEach((item, index) => {
    const problem = problemOf(item);
    if (problem) return problems.push({ index, message: problem });
    const value = item as { from: string; to: string; wholeWord?: boolean };
    const entry = { from: value.from.trim().normalize('NFC'), to: value.to.trim().normalize('NFC'), wholeWord: value.wholeWord ?? false };
    const key = `${entry.wholeWord ? 'w' : 'p'}:${entry.from.toLocaleLowerCase('vi')}`;
    if (seen.has(key)) return problems.push({ index, message: `"${entry.from}" đã có trong danh sách.` });
    if (entries.length >= REPLACEMENT_LIMITS.entries) return problems.push({ index, message: `Danh sách tối đa ${REPLACEMENT_LIMITS.entries} mục.` });
    seen.add(key);
    entries.push(entry);
  });
  return { entries, problems };
}

/** What is said for a run of dots or an emoticon: a comma, which every voice reads as a short rest. */
export const PAUSE_TEXT = ', ';

/** Runs of dots (…… or ...), and emoticons: (╯°□°)╯, (^_^), ^_^, T_T, :), =)). */
const PAUSE_PATTERN = String.raw`(?:…|\.{2,}|。{2,})+|[(（][^\p{L}\p{N}\s()（）]{1,12}[)）][^\p{L}\p{N}\s.,!?"“”]{0,4}|\^[_\-.o]?\^|(?<![\p{L}\p{N}])T_T(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])[:;=]-?[)(DPp]+(?![\p{L}\p{N}])`;

const LETTER = /[\p{L}\p{M}]/u;
const DIGIT = /\p{N}/u;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** An entry's pattern: whole words are bounded by what is not a letter (or a digit, at a digit's edge). */
function entryPattern(entry: Replacement): string {
  const body = escapeRegExp(entry.from);
  if (!entry.wholeWord) return body;
  const first = entry.from[0];
  const last = entry.from[entry.from.length - 1];
  const before = LETTER.test(first) ? String.raw`(?<![\p{L}\p{M}])` : DIGIT.test(first) ? String.raw`(?<!\p{N})` : '';
  const after = LETTER.test(last) ? String.raw`(?![\p{L}\p{M}])` : DIGIT.test(last) ? String.raw`(?!\p{N})` : '';
  return before + body + after;
}

/** Replacements ready to apply: the order they win in, and one pattern for them all. */
export interface CompiledReplacements {
  readonly entries: readonly Replacement[];
  readonly pause: boolean;
  readonly pattern: RegExp | null;
}

/**
 * The rules that apply to a story, in the order they win: this story's list, then the reader's,
 * then the defaults still on (an entry of the reader's overrides a default with the same text).
 */
export function effectiveReplacements(lists: ReplacementLists): { entries: Replacement[]; pause: boolean } {
  const disabled = new Set(lists.disabledDefaults);
  const defaults = DEFAULT_REPLACEMENTS.filter((entry) => entry.id !== 'pause' && !disabled.has(entry.id)).map(({ from, to, wholeWord }) => ({ from, to, wholeWord }));
  return { entries: [...lists.story, ...lists.reader, ...defaults], pause: !disabled.has('pause') };
}

/**
 * One pattern for every entry: at each place in the text the longest matching entry wins, and
 * among entries as long the earlier one. Matching ignores case (Vietnamese letters included) and
 * compares composed text, so "Đan" typed one way matches "Đan" stored another.
 */
export function compileReplacements(entries: readonly Replacement[], pause = false): CompiledReplacements {
  const ordered = entries
    .filter((entry) => entry.from.length > 0)
    .map((entry, order) => ({ entry: { ...entry, from: entry.from.normalize('NFC') }, order }))
    .sort((a, b) => b.entry.from.length - a.entry.from.length || a.order - b.order)
    .map(({ entry }) => entry);
  const alternatives = ordered.map((entry) => `(${entryPattern(entry)})`);
  if (pause) alternatives.push(`(${PAUSE_PATTERN})`);
  return { entries: ordered, pause, pattern: alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'giu') : null };
}

const WORD_EDGE = /[\p{L}\p{M}\p{N}]/u;

/**
 * The text as it is to be said. One pass: what a replacement puts in is never replaced again. A
 * replacement that joins a letter or digit gets a space ("Lv5" is said "cấp 5").
 */
export function applyReplacements(text: string, compiled: CompiledReplacements): string {
  if (!compiled.pattern) return text;
  const source = text.normalize('NFC');
  const groupCount = compiled.entries.length + (compiled.pause ? 1 : 0);
  const replaced = source.replace(compiled.pattern, (...args: unknown[]) => {
    const groups = args.slice(1, groupCount + 1) as (string | undefined)[];
    const offset = args[groupCount + 1] as number;
    const match = args[0] as string;
    const found = groups.findIndex((group) => group !== undefined);
    let to = found === compiled.entries.length ? PAUSE_TEXT : compiled.entries[found].to;
    if (to && to !== PAUSE_TEXT) {
      if (WORD_EDGE.test(source[offset - 1] ?? '') && WORD_EDGE.test(to[0])) to = ` ${to}`;
      if (WORD_EDGE.test(source[offset + match.length] ?? '') && WORD_EDGE.test(to[to.length - 1])) to = `${to} `;
    }
    return to;
  });
  if (!compiled.pause) return replaced;
  // Pauses side by side, or before punctuation, say nothing more.
  return replaced
    .replace(/(?:\s*,\s*)+/g, PAUSE_TEXT)
    .replace(/^\s*,\s*/, '')
    .replace(/\s*,\s*([.!?…])/g, '$1')
    .replace(/\s*,\s*$/, '')
    .replace(/ {2,}/g, ' ');
}

/**
 * The entries that change `text`, in their order: what the browser sends the server with a part's
 * request, so the server's audio says the same (and the request stays small).
 */
export function replacementsFor(text: string, compiled: CompiledReplacements): Replacement[] {
  if (!compiled.pattern || compiled.entries.length === 0) return [];
  const used = new Set<number>();
  const source = text.normalize('NFC');
  for (const match of source.matchAll(compiled.pattern)) {
    const found = match.slice(1, compiled.entries.length + 1).findIndex((group) => group !== undefined);
    if (found >= 0) used.add(found);
  }
  return compiled.entries.filter((_, index) => used.has(index));
}

/** The header a part's request carries: the entries that apply to it, and whether pauses are on. */
export const REPLACEMENTS_HEADER = 'X-Speech-Replacements';
/** The header's largest size (HTTP servers refuse headers much larger). */
export const REPLACEMENTS_HEADER_MAX = 8_000;

export interface WireReplacements {
  entries: Replacement[];
  pause: boolean;
}

/** Encodes for the header (URI-encoded JSON); entries beyond the size cap are left out, the last first. */
export function encodeReplacements({ entries, pause }: WireReplacements): string {
  const encode = (list: Replacement[]) => encodeURIComponent(JSON.stringify({ e: list.map((entry) => [entry.from, entry.to, entry.wholeWord ? 1 : 0]), p: pause ? 1 : 0 }));
  let list = entries.slice(0, REPLACEMENT_LIMITS.entries);
  let value = encode(list);
  while (value.length > REPLACEMENTS_HEADER_MAX && list.length > 0) {
    list = list.slice(0, Math.floor(list.length * 0.8));
    value = encode(list);
  }
  return value;
}

/** Decodes the header; null when it is not one (the server answers 400). Entries are checked as a list sent is. */
export function decodeReplacements(value: string): WireReplacements | null {
  if (value.length > REPLACEMENTS_HEADER_MAX) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as { e?: unknown; p?: unknown };
    if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.e)) return null;
    const raw = parsed.e.map((item: unknown) => (Array.isArray(item) ? { from: item[0], to: item[1], wholeWord: item[2] === 1 } : item));
    const { entries, problems } = validateReplacements(raw);
    if (problems.length > 0) return null;
    return { entries, pause: parsed.p === 1 };
  } catch {
    return null;
  }
}
