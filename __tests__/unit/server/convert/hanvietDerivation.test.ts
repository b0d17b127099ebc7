/** @jest-environment node */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHanVietTableWithSources, generateHanVietFile, parseSupplement, type HanVietBuild } from '@/server/convert/hanviet/build';
import {
  correspondingTone,
  deriveCharacter,
  derivationAgreement,
  learnCorrespondences,
  mandarinFit,
  orderByMandarin,
  syllablesByCharacter,
  type KnownReadings,
} from '@/server/convert/hanviet/derive';
import { charactersByFrequency } from '@/server/convert/hanviet/frequency';
import { readGuangyun, type MiddleChineseReading } from '@/server/convert/hanviet/guangyun';
import { HAND_CHECKED_EVIDENCE, HAND_CHECKED_READINGS } from '@/server/convert/hanviet/handChecked';
import { HANVIET_GENERATED_PATH, HANVIET_SOURCE_PATH, HANVIET_SUPPLEMENT_PATH } from '@/server/convert/hanviet/paths';
import { parseVietSyllable, spellVietSyllable } from '@/server/convert/hanviet/spelling';
import { hanVietReading, hanVietReadings, hanVietTable } from '@/server/convert/hanviet/table';
import { readGb2312Characters, readUnihanReadings, type UnihanReadingRow } from '@/server/convert/hanviet/unihan';

describe('Vietnamese syllables taken apart and spelled back', () => {
  it.each(['quyết', 'hóa', 'thủy', 'giang', 'gìn', 'nghiêm', 'kiêm', 'cao', 'y', 'yên', 'quy', 'khuynh', 'hoặc', 'huệ', 'tuấn', 'nguyệt', 'ương', 'đức'])(
    '%s',
    (syllable) => {
      const parts = parseVietSyllable(syllable);
      expect(parts).toBeDefined();
      expect(spellVietSyllable(parts!)).toBe(syllable);
    },
  );

  it('writes the velar and the rounding glide as the next vowel asks', () => {
    expect(spellVietSyllable({ initial: 'k', medial: false, rhyme: 'inh', tone: 'ngang' })).toBe('kinh');
    expect(spellVietSyllable({ initial: 'k', medial: false, rhyme: 'ao', tone: 'ngang' })).toBe('cao');
    expect(spellVietSyllable({ initial: 'k', medial: true, rhyme: 'an', tone: 'ngang' })).toBe('quan');
    expect(spellVietSyllable({ initial: 'h', medial: true, rhyme: 'an', tone: 'huyen' })).toBe('hoàn');
    expect(spellVietSyllable({ initial: 'h', medial: true, rhyme: 'iên', tone: 'huyen' })).toBe('huyền');
    expect(spellVietSyllable({ initial: 'ng', medial: false, rhyme: 'iêm', tone: 'ngang' })).toBe('nghiêm');
    expect(parseVietSyllable('phone!')).toBeUndefined();
  });
});

const syllable = (overrides: Partial<MiddleChineseReading>): MiddleChineseReading => ({
  character: '東',
  initial: '端',
  rounding: null,
  division: '一',
  type: null,
  rhyme: '東',
  tone: '平',
  voicing: '全清',
  homophones: '1',
  fanqie: '德紅',
  ...overrides,
});

describe('the regular correspondences', () => {
  it.each([
    [{ tone: '平', voicing: '全清' }, 'ngang'], // 東 đông
    [{ tone: '平', voicing: '全濁' }, 'huyen'], // 同 đồng
    [{ tone: '平', voicing: '次濁' }, 'ngang'], // 人 nhân
    [{ tone: '上', voicing: '全清' }, 'hoi'], // 董 đổng
    [{ tone: '上', voicing: '次濁' }, 'nga'], // 馬 mã
    [{ tone: '上', voicing: '全濁' }, 'nang'], // 動 động
    [{ tone: '去', voicing: '次清' }, 'sac'], // 痛 thống
    [{ tone: '去', voicing: '次濁' }, 'nang'], // 命 mệnh
    [{ tone: '入', voicing: '全清' }, 'sac'], // 國 quốc
    [{ tone: '入', voicing: '全濁' }, 'nang'], // 學 học
  ] as const)('tone of %j is %s', (overrides, tone) => {
    expect(correspondingTone(syllable(overrides))).toBe(tone);
  });

  it('keeps the syllables Mandarin can continue, the usual reading first', () => {
    const stop = syllable({ character: '攥', initial: '精', rhyme: '寒', rounding: '合', tone: '入' });
    expect(mandarinFit(stop, 'zuàn')).toBe(-1);
    const level = syllable({ character: '俟', initial: '羣', rhyme: '微', division: '三', type: 'C', voicing: '全濁' });
    const rising = syllable({ character: '俟', initial: '俟', rhyme: '之', division: '三', tone: '上', voicing: '全濁' });
    expect(orderByMandarin([level, rising], ['sì'])).toEqual([rising, level]);
    expect(orderByMandarin([level, rising], ['qí', 'sì'])).toEqual([level, rising]);
  });
});

describe('readings derived from the Guangyun', () => {
  let rows: UnihanReadingRow[];
  let guangyun: MiddleChineseReading[];
  let known: KnownReadings;
  let build: HanVietBuild;

  beforeAll(async () => {
    rows = await readUnihanReadings();
    guangyun = readGuangyun();
    const supplement = parseSupplement(readFileSync(HANVIET_SUPPLEMENT_PATH, 'utf8'));
    known = buildHanVietTableWithSources(rows, supplement).table;
    build = buildHanVietTableWithSources(rows, supplement, { guangyun, checked: HAND_CHECKED_READINGS });
    hanVietTable();
  }, 120_000);

  it.each([
    ['天', 'thiên'],
    ['官', 'quan'],
    ['立', 'lập'],
    ['光', 'quang'],
    ['家', 'gia'],
    ['月', 'nguyệt'],
    ['水', 'thủy'],
    ['東', 'đông'],
    ['人', 'nhân'],
    ['動', 'động'],
  ])('derives %s %s when its own reading is held out', (character, reading) => {
    const training = new Map([...known].filter(([other]) => other !== character));
    const tables = learnCorrespondences(guangyun, training);
    const mandarin = rows.find((row) => row.character === character)?.mandarin ?? [];
    expect(deriveCharacter(tables, syllablesByCharacter(guangyun).get(character)!, mandarin)[0]).toBe(reading);
  });

  // what standard dictionaries (Thiều Chửu, Đào Duy Anh) give for the characters the issue found unread
  it.each([
    ['珂', 'kha', 'guangyun'], // 苦何切
    ['奂', 'hoán', 'variant'], // 奐 火貫切
    ['赓', 'canh', 'variant'], // 賡 古行切
    ['傩', 'na', 'variant'], // 儺 諾何切
    ['镕', 'dung', 'variant'], // 鎔 餘封切
    ['箓', 'lục', 'variant'], // 籙 力玉切, not its own 盧谷切 (簏)
    ['嗨', 'hải', 'phonetic'], // 海
    ['伢', 'nha', 'phonetic'], // 牙
    ['攥', 'toản', 'phonetic'], // 纂, Mandarin zuàn (the Guangyun's 子括切 is another word)
    ['俟', 'sĩ', 'checked'], // 牀史切; kỳ only in 万俟
  ])('reads %s as %s (%s)', (character, reading, source) => {
    expect(hanVietReading(character)).toBe(reading);
    expect(build.sources.get(character)).toBe(source);
  });

  it('gives every hand-checked character its evidence and its reading', () => {
    expect(HAND_CHECKED_READINGS.size).toBeGreaterThan(0);
    for (const [character, readings] of HAND_CHECKED_READINGS) {
      expect(HAND_CHECKED_EVIDENCE.get(character)?.length).toBeGreaterThan(10);
      expect(hanVietReadings(character)[0]).toBe(readings[0]);
    }
  });

  it('reads at least 99.5 % of the 5,000 most frequent characters, also without the curated lists, and of GB 2312', async () => {
    const gb2312 = [...readGb2312Characters(1), ...readGb2312Characters(2)];
    const top = charactersByFrequency(new Set(gb2312)).slice(0, 5_000);
    const table = hanVietTable();
    const share = (characters: string[], map: ReadonlyMap<string, unknown>) => characters.filter((c) => map.has(c)).length / characters.length;
    expect(share(top, table)).toBeGreaterThanOrEqual(0.995);
    expect(share(gb2312, table)).toBeGreaterThanOrEqual(0.995);
    const shippedOnly = buildHanVietTableWithSources(rows, new Map(), { guangyun }).table;
    expect(share(top, shippedOnly)).toBeGreaterThanOrEqual(0.995);
  }, 60_000);

  it('agrees with the readings of most characters that have kVietnamese, each held out with its variants', () => {
    const byCharacter = syllablesByCharacter(guangyun);
    const reference = new Map(
      rows
        .filter((row) => row.readings.length > 0 && byCharacter.has(row.character))
        .map((row) => [row.character, known.get(row.character) ?? row.readings]),
    );
    const rowOf = new Map(rows.map((row) => [row.character, row]));
    const agreement = derivationAgreement(
      guangyun,
      known,
      reference,
      (character) => rowOf.get(character)?.mandarin ?? [],
      (character) => Math.min(character.codePointAt(0)!, ...(rowOf.get(character)?.variants ?? []).map((v) => v.codePointAt(0)!)),
      5,
    );
    expect(agreement.characters).toBeGreaterThan(3_000);
    expect(agreement.agreesWithAny).toBeGreaterThan(0.5);
    expect(agreement.initialAgrees).toBeGreaterThan(0.7);
  }, 60_000);

  it('regenerates the committed table and its record byte for byte from the pinned Unihan tarball', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'hanviet-'));
    const table = path.join(directory, 'hanviet.generated.json');
    const record = path.join(directory, 'hanviet.generated.source.json');
    await generateHanVietFile(table, record);
    expect(readFileSync(table).equals(readFileSync(HANVIET_GENERATED_PATH))).toBe(true);
    expect(readFileSync(record, 'utf8')).toBe(readFileSync(HANVIET_SOURCE_PATH, 'utf8'));
  }, 120_000);
});
