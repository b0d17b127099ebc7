/**
 * Coverage of the Hán-Việt table and the quality of the readings it derives (docs/convert.md,
 * "Hán-Việt readings"): the share of characters read on three frequency lists, where the readings
 * come from, and how often each way of deriving a reading agrees with readings known otherwise,
 * measured on characters whose reading is known with their own reading held out. QuickTranslator's
 * ChinesePhienAmWords (../shared/real-data, never shipped nor used to build anything) serves as
 * a second yardstick when present.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildHanVietTableWithSources,
  guessAgreement,
  mandarinGuesser,
  parseSupplement,
  phoneticGuesser,
  type HanVietSource,
} from '@/server/convert/hanviet/build';
import {
  canonicalSyllable,
  derivationAgreement,
  fitsAnySyllable,
  syllablesByCharacter,
  type DerivationAgreement,
  type KnownReadings,
} from '@/server/convert/hanviet/derive';
import { charactersByFrequency } from '@/server/convert/hanviet/frequency';
import { readGuangyun } from '@/server/convert/hanviet/guangyun';
import { HAND_CHECKED_READINGS } from '@/server/convert/hanviet/handChecked';
import { HANVIET_SUPPLEMENT_PATH } from '@/server/convert/hanviet/paths';
import { rankHanVietReadings } from '@/server/convert/hanviet/rank';
import { normalizeSyllable } from '@/server/convert/hanviet/syllable';
import { readGb2312Characters, readUnihanReadings, type UnihanReadingRow } from '@/server/convert/hanviet/unihan';
import { STOCK_QT_DIR } from './convertAgreement';

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;

function coverage(characters: readonly string[], table: ReadonlyMap<string, unknown>): string {
  const read = characters.filter((character) => table.has(character)).length;
  return `${read}/${characters.length} (${percent(read, characters.length)})`;
}

function sourceCounts(characters: Iterable<string>, sources: ReadonlyMap<string, HanVietSource>): string {
  const counts = new Map<string, number>();
  for (const character of characters) {
    const source = sources.get(character) ?? 'unread';
    counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([source, count]) => `${source} ${count}`)
    .join(', ');
}

const share = (value: number) => `${(100 * value).toFixed(1)} %`;

const describe = (agreement: DerivationAgreement) =>
  `${agreement.characters} characters: ${share(agreement.agreesWithAny)} agree with one of the reference's readings, ` +
  `${share(agreement.agreesWithDefault)} with its first (initial ${agreement.initialAgrees}, rhyme ${agreement.rhymeAgrees}, tone ${agreement.toneAgrees})`;

/** QuickTranslator's reading of each character, where its stock files are present. */
function quickTranslatorReadings(): Map<string, string[]> | undefined {
  const file = path.join(STOCK_QT_DIR, 'ChinesePhienAmWords.txt');
  if (!existsSync(file)) return undefined;
  const readings = new Map<string, string[]>();
  for (const line of readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const separator = line.indexOf('=');
    if (separator > 0) readings.set(line.slice(0, separator), [line.slice(separator + 1).trim()]);
  }
  return readings;
}

/** Share of characters whose default reading is QuickTranslator's. */
function agreementWith(reference: ReadonlyMap<string, readonly string[]>, characters: Iterable<string>, table: KnownReadings): string {
  let compared = 0;
  let agreeing = 0;
  for (const character of characters) {
    const theirs = reference.get(character)?.[0];
    const ours = table.get(character)?.[0];
    if (!theirs || !ours) continue;
    compared++;
    if (canonicalSyllable(theirs) === canonicalSyllable(ours)) agreeing++;
  }
  return `${agreeing}/${compared} (${percent(agreeing, compared)})`;
}

export async function hanVietCoverage(shipped: ReadonlyMap<string, readonly string[]>): Promise<Record<string, string | number>> {
  const [level1, level2, rows] = await Promise.all([readGb2312Characters(1), readGb2312Characters(2), readUnihanReadings()]);
  const guangyun = readGuangyun();
  const supplement = parseSupplement(readFileSync(HANVIET_SUPPLEMENT_PATH, 'utf8'));
  const built = buildHanVietTableWithSources(rows, supplement, { guangyun, checked: HAND_CHECKED_READINGS });
  const withoutDerivation = buildHanVietTableWithSources(rows, supplement);
  const withoutCuratedLists = buildHanVietTableWithSources(rows, new Map(), { guangyun });

  const gb2312 = [...level1, ...level2];
  const byFrequency = charactersByFrequency(new Set(gb2312));
  const top5000 = byFrequency.slice(0, 5_000);

  const rowOf = new Map<string, UnihanReadingRow>(rows.map((row) => [row.character, row]));
  const mandarinOf = (character: string) => rowOf.get(character)?.mandarin ?? [];
  // a character and its simplified/traditional forms are held out together
  const foldKey = (character: string) =>
    Math.min(character.codePointAt(0)!, ...(rowOf.get(character)?.variants ?? []).map((variant) => variant.codePointAt(0)!));
  const vietnamese = new Map(
    rows
      .filter((row) => row.readings.length > 0)
      .map((row) => [row.character, rankHanVietReadings([...new Set(row.readings.map(normalizeSyllable))], row.mandarin)]),
  );
  const syllablesOf = syllablesByCharacter(guangyun);
  // characters whose kVietnamese has a reading of regular Hán-Việt shape (not only Nôm readings)
  const vietnameseRegular = new Map(
    [...vietnamese].filter(([character, readings]) => readings.some((reading) => fitsAnySyllable(reading, syllablesOf.get(character) ?? []))),
  );
  const known = withoutDerivation.table;
  const gb = new Set(gb2312);
  const phonetic = phoneticGuesser(rows, known);
  const mandarin = mandarinGuesser(rows, known);
  const figures: Record<string, string | number> = {
    hanVietCoverageTop5000: coverage(top5000, shipped),
    hanVietCoverageTop5000BeforeDerivation: coverage(top5000, withoutDerivation.table),
    hanVietCoverageTop5000WithoutCuratedLists: coverage(top5000, withoutCuratedLists.table),
    hanVietUnreadTop5000: top5000.filter((character) => !shipped.has(character)).slice(0, 20).join('') || 'none',
    hanVietCoverageJiebaAll: coverage(byFrequency, shipped),
    hanVietCoverageJiebaAllBeforeDerivation: coverage(byFrequency, withoutDerivation.table),
    hanVietCoverageGb2312: coverage(gb2312, shipped),
    hanVietCoverageGb2312BeforeDerivation: coverage(gb2312, withoutDerivation.table),
    hanVietSourcesTop5000: sourceCounts(top5000, built.sources),
    hanVietSourcesTop5000WithoutCuratedLists: sourceCounts(top5000, withoutCuratedLists.sources),
    hanVietSourcesGb2312: sourceCounts(gb2312, built.sources),
    hanVietSourcesAll: sourceCounts(built.table.keys(), built.sources),
    hanVietDerivationVsKVietnamese: describe(derivationAgreement(guangyun, known, vietnamese, mandarinOf, foldKey)),
    hanVietDerivationVsKVietnameseRegular: describe(derivationAgreement(guangyun, known, vietnameseRegular, mandarinOf, foldKey)),
    hanVietDerivationVsTable: describe(derivationAgreement(guangyun, known, known, mandarinOf, foldKey)),
    hanVietPhoneticGuessVsTable: JSON.stringify(guessAgreement(rows, known, phonetic)),
    hanVietPhoneticGuessVsTableGb2312: JSON.stringify(guessAgreement(rows, known, phonetic, (row) => gb.has(row.character))),
    hanVietMandarinGuessVsTable: JSON.stringify(guessAgreement(rows, known, mandarin)),
    hanVietMandarinGuessVsTableGb2312: JSON.stringify(guessAgreement(rows, known, mandarin, (row) => gb.has(row.character))),
  };

  const quickTranslator = quickTranslatorReadings();
  if (!quickTranslator) return { ...figures, hanVietVsQuickTranslator: `skipped: ${STOCK_QT_DIR} is absent` };
  const added = [...built.table.keys()].filter((character) => !withoutDerivation.table.has(character));
  const addedBy = (source: HanVietSource) => added.filter((character) => built.sources.get(character) === source);
  return {
    ...figures,
    hanVietQtAgreementBeforeDerivation: agreementWith(quickTranslator, withoutDerivation.table.keys(), withoutDerivation.table),
    hanVietQtAgreementDerivationHeldOut: describe(derivationAgreement(guangyun, known, quickTranslator, mandarinOf, foldKey)),
    hanVietQtAgreementAdded: agreementWith(quickTranslator, added, built.table),
    hanVietQtAgreementAddedGb2312: agreementWith(quickTranslator, added.filter((character) => gb.has(character)), built.table),
    ...Object.fromEntries(
      (['guangyun', 'variant', 'phonetic', 'mandarin', 'checked'] as const).map((source) => [
        `hanVietQtAgreementAdded_${source}`,
        agreementWith(quickTranslator, addedBy(source), built.table),
      ]),
    ),
  };
}
