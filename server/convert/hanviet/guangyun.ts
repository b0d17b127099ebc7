import TshetUinh from 'tshet-uinh';

/**
 * The Middle Chinese reading of a character in the Guangyun (廣韻, 1008), the rhyme dictionary
 * whose fanqie spellings Unihan's kFanqie field records and from which Sino-Vietnamese readings
 * descend by regular sound correspondences. Read from npm `tshet-uinh` (MIT), which ships the
 * whole Guangyun (25,329 entries of 19,497 characters) with each entry's phonological position.
 */
export interface MiddleChineseReading {
  character: string;
  /** Initial (聲母), one of the 38 of the Qieyun system: 幫, 端, 見, 以 … */
  initial: string;
  /** 開 (open), 合 (rounded) or null where the rhyme does not distinguish them. */
  rounding: string | null;
  /** Division (等): 一, 二, 三 or 四. */
  division: string;
  /** A, B or C for division-three syllables that distinguish them (重紐), else null. */
  type: string | null;
  /** Rhyme (韻), tone left out: 東, 支, 仙 … */
  rhyme: string;
  /** Tone: 平 level, 上 rising, 去 departing, 入 entering (a stop ending). */
  tone: string;
  /** 全清 voiceless, 次清 aspirated, 全濁 voiced obstruent, 次濁 sonorant. */
  voicing: string;
  /** Homophone class (小韻): every character of one class had the same syllable. */
  homophones: string;
  /** The fanqie (反切) given for the class, where there is one: 德紅 for 東. */
  fanqie: string | null;
}

/** Every Guangyun entry with a valid phonological position, in the book's order. */
export function readGuangyun(): MiddleChineseReading[] {
  const readings: MiddleChineseReading[] = [];
  for (const entry of TshetUinh.資料.廣韻.iter條目()) {
    const position = entry.音韻地位;
    if (!position) continue;
    readings.push({
      character: entry.字頭,
      initial: position.母,
      rounding: position.呼,
      division: position.等,
      type: position.類,
      rhyme: position.韻,
      tone: position.聲,
      voicing: position.清濁,
      homophones: entry.來源.小韻號,
      fanqie: entry.反切,
    });
  }
  return readings;
}
