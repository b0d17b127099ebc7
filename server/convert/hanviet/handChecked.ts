/**
 * Hán-Việt readings checked by hand for characters that neither Unihan, the curated supplement,
 * the Guangyun derivation nor a variant reads as dictionaries do. Each entry names its evidence:
 * the reading Vietnamese dictionaries give (Thiều Chửu, Hán Việt tự điển, 1942; Đào Duy Anh, Hán
 * Việt từ điển, 1932) and, for characters made after the Guangyun, the phonetic component whose
 * reading they take, as those dictionaries read them.
 */
const ENTRIES: readonly [character: string, readings: string, evidence: string][] = [
  ['俟', 'sĩ/kỳ', 'Thiều Chửu: 俟 sĩ "đợi"; kỳ only in the surname 万俟 Mặc Kỳ (Unihan’s kMandarin lists qí first, which would put kỳ first)'],
  ['乩', 'kê', 'Thiều Chửu: 乩 kê "xem bói" (扶乩 phù kê)'],
  ['暌', 'khuê', 'Thiều Chửu: 暌 khuê (暌違 khuê vi); its phonetic series (揆 quỹ) would give quỳ'],
  ['仨', 'tam', '仨 is 三个 "three" written as one character, read as 三 tam'],
  ['冁', 'xiển', 'traditional 囅 xiển (囅然 xiển nhiên)'],
  ['谫', 'tiễn', 'traditional 譾 tiễn (譾陋 tiễn lậu)'],
  ['饧', 'đường/tình', 'traditional 餳 đường, tình (Guangyun 徒郎切 and 徐盈切)'],
  ['龆', 'thiều', 'traditional 齠 thiều (齠齔 thiều sấn)'],
  ['琊', 'da', 'phonetic 邪 da, as in 琅琊 Lang Da'],
  ['鹇', 'nhàn', 'traditional 鷴 nhàn, phonetic 闲 nhàn'],
  ['鲅', 'bạt', 'phonetic 犮 bạt (跋 bạt, 拔 bạt)'],
  ['滟', 'diễm', 'traditional 灩 diễm, phonetic 艳 diễm (潋滟 liễm diễm)'],
  ['钽', 'thản', 'phonetic 旦 as in 坦 thản, the same Mandarin tǎn'],
  ['揿', 'khâm', 'traditional 撳, phonetic 钦 khâm'],
  ['焖', 'muộn', 'traditional 燜, phonetic 闷 muộn, the same Mandarin mèn'],
  ['钇', 'ất', 'phonetic 乙 ất'],
  ['钚', 'bất', 'phonetic 不 bất'],
  ['铕', 'hữu', 'phonetic 有 hữu, the same Mandarin yǒu'],
  ['镱', 'ý', 'phonetic 意 ý, the same Mandarin yì'],
  ['锪', 'hốt', 'phonetic 忽 hốt, the same Mandarin huō/hū'],
  ['镎', 'nã', 'phonetic 拿 nã, the same Mandarin ná'],
  ['嗍', 'sóc', 'phonetic 朔 sóc'],
  ['岜', 'ba', 'phonetic 巴 ba, the same Mandarin bā'],
  ['嵴', 'tích', 'phonetic 脊 tích, the same Mandarin jǐ'],
  ['炻', 'thạch', 'phonetic 石 thạch, the same Mandarin shí'],
  ['葜', 'khiết', 'phonetic 契 khiết (菝葜 bạt khiết)'],
  ['耱', 'ma', 'phonetic 磨 ma, the same Mandarin mò'],
  ['唰', 'xoát', 'phonetic 刷 xoát, the same Mandarin shuā'],
  ['馇', 'tra', 'phonetic 查 tra, the same Mandarin chā'],
  ['鲺', 'sắt', 'phonetic 虱 sắt, the same Mandarin shī'],
  ['溻', 'tháp', 'phonetic 塌 tháp, the same Mandarin tā'],
  ['炝', 'thương', 'traditional 熗, phonetic 抢 thương'],
  ['脎', 'sát', 'phonetic 杀 sát'],
  ['舯', 'trung', 'phonetic 中 trung, the same Mandarin zhōng'],
  ['苊', 'ách', 'phonetic 厄 ách, the same Mandarin è'],
  ['苠', 'dân', 'phonetic 民 dân, the same Mandarin mín'],
  ['崾', 'yêu', 'phonetic 要 yêu, the same Mandarin yào/yǎo'],
  ['肀', 'duật', 'the form of Kangxi radical 129 聿 duật'],
  ['爿', 'tường', 'Kangxi radical 90 爿 tường (牆 tường takes it as phonetic)'],
  ['孬', 'nao', 'a modern northern character (不好 "bad") that no Hán-Việt dictionary reads; read as its Mandarin nāo, as 铙 nao'],
  ['囡', 'nam', 'a Wu dialect character for "daughter" that no Hán-Việt dictionary reads; read as its Mandarin nān, as 喃 nam'],
];

/** Character → readings (the default first), for the table builder. */
export const HAND_CHECKED_READINGS: ReadonlyMap<string, readonly string[]> = new Map(
  ENTRIES.map(([character, readings]) => [character, readings.split('/')]),
);

/** Character → the evidence for its reading. */
export const HAND_CHECKED_EVIDENCE: ReadonlyMap<string, string> = new Map(ENTRIES.map(([character, , evidence]) => [character, evidence]));
