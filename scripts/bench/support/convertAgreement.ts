import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { convertEachLine } from '@/server/convert/engine';
import { paragraphAgreement } from '@/server/convert/qt/agreement';
import { emptyDictionaries, loadDictionaries, type ConvertDictionaries } from '@/server/convert/qt/load';
import { qtReference } from '@/server/convert/qt/reference';

/** QuickTranslator's stock files, kept outside the repository (../shared/real-data). */
export const STOCK_QT_DIR = path.join(process.cwd(), '..', 'shared', 'real-data', 'quicktranslator-2013');

const FIXTURES = path.join(process.cwd(), '__tests__', 'fixtures', 'convert');
/** Prose written for this project; the held-out ones were never used to tune the converter. */
const TEXTS = {
  chapter: 'chapter.zh.txt',
  prose: 'prose.zh.txt',
  tuningGenres: 'tuning-genres.zh.txt',
  tuningXianxia: 'tuning-xianxia.zh.txt',
  tuningUrban: 'tuning-urban.zh.txt',
  tuningRomanceHistory: 'tuning-romance-history.zh.txt',
  tuningEsportsScifi: 'tuning-esports-scifi.zh.txt',
  tuningFamily: 'tuning-family.zh.txt',
  tuningSect: 'tuning-sect.zh.txt',
  tuningVillage: 'tuning-village.zh.txt',
  tuningSystem: 'tuning-system.zh.txt',
  tuningOffice: 'tuning-office.zh.txt',
  tuningApocalypse: 'tuning-apocalypse.zh.txt',
  tuningDuel: 'tuning-duel.zh.txt',
  tuningVocabCultivation: 'tuning-vocab-cultivation.zh.txt',
  tuningVocabUrban: 'tuning-vocab-urban.zh.txt',
  tuningVocabHistory: 'tuning-vocab-history.zh.txt',
  tuningVocabScifi: 'tuning-vocab-scifi.zh.txt',
  tuningVocabWuxia: 'tuning-vocab-wuxia.zh.txt',
  tuningVocabPalace: 'tuning-vocab-palace.zh.txt',
  tuningVocabCampus: 'tuning-vocab-campus.zh.txt',
  tuningVocabFantasy: 'tuning-vocab-fantasy.zh.txt',
  tuningVocabAuction: 'tuning-vocab-auction.zh.txt',
  tuningVocabCeo: 'tuning-vocab-ceo.zh.txt',
  tuningVocabMystery: 'tuning-vocab-mystery.zh.txt',
  tuningVocabFarming: 'tuning-vocab-farming.zh.txt',
  tuningVocabEsports: 'tuning-vocab-esports.zh.txt',
  tuningVocabMilitary: 'tuning-vocab-military.zh.txt',
  tuningVocabInfinite: 'tuning-vocab-infinite.zh.txt',
  tuningVocabBase: 'tuning-vocab-base.zh.txt',
  tuningVocabSect: 'tuning-vocab-sect.zh.txt',
  tuningVocabRealm: 'tuning-vocab-realm.zh.txt',
  tuningVocabDoctor: 'tuning-vocab-doctor.zh.txt',
  tuningVocabTransmigration: 'tuning-vocab-transmigration.zh.txt',
  tuningVocabBattle: 'tuning-vocab-battle.zh.txt',
  tuningVocabSchool: 'tuning-vocab-school.zh.txt',
  tuningVocabKingdom: 'tuning-vocab-kingdom.zh.txt',
  tuningVocabDaily: 'tuning-vocab-daily.zh.txt',
  tuningVocabAlchemy: 'tuning-vocab-alchemy.zh.txt',
  tuningVocabGang: 'tuning-vocab-gang.zh.txt',
  tuningVocabMecha: 'tuning-vocab-mecha.zh.txt',
  tuningVocabGhost: 'tuning-vocab-ghost.zh.txt',
  tuningVocabBeast: 'tuning-vocab-beast.zh.txt',
  tuningVocabRebirth: 'tuning-vocab-rebirth.zh.txt',
  tuningVocabJianghu: 'tuning-vocab-jianghu.zh.txt',
  tuningVocabIceage: 'tuning-vocab-iceage.zh.txt',
  tuningVocabShowbiz: 'tuning-vocab-showbiz.zh.txt',
  tuningVocabSports: 'tuning-vocab-sports.zh.txt',
  tuningVocabTomb: 'tuning-vocab-tomb.zh.txt',
  tuningVocabRepublic: 'tuning-vocab-republic.zh.txt',
  tuningVocabManor: 'tuning-vocab-manor.zh.txt',
  tuningVocabFood: 'tuning-vocab-food.zh.txt',
  tuningVocabRevival: 'tuning-vocab-revival.zh.txt',
  tuningVocabVrgame: 'tuning-vocab-vrgame.zh.txt',
  tuningVocabTribulation: 'tuning-vocab-tribulation.zh.txt',
  tuningVocabGeneral: 'tuning-vocab-general.zh.txt',
  tuningVocabLockedroom: 'tuning-vocab-lockedroom.zh.txt',
  tuningVocabSoldier: 'tuning-vocab-soldier.zh.txt',
  tuningVocabSweet: 'tuning-vocab-sweet.zh.txt',
  tuningVocabMyth: 'tuning-vocab-myth.zh.txt',
  tuningVocabEngagement: 'tuning-vocab-engagement.zh.txt',
  tuningVocabSignin: 'tuning-vocab-signin.zh.txt',
  tuningVocabMerchant: 'tuning-vocab-merchant.zh.txt',
  tuningVocabJade: 'tuning-vocab-jade.zh.txt',
  tuningVocabJudge: 'tuning-vocab-judge.zh.txt',
  tuningVocabZombie: 'tuning-vocab-zombie.zh.txt',
  tuningVocabRichfamily: 'tuning-vocab-richfamily.zh.txt',
  tuningVocabLivestream: 'tuning-vocab-livestream.zh.txt',
  tuningVocabExam: 'tuning-vocab-exam.zh.txt',
  tuningVocabGuard: 'tuning-vocab-guard.zh.txt',
  tuningVocabDemonlord: 'tuning-vocab-demonlord.zh.txt',
  tuningVocabFair: 'tuning-vocab-fair.zh.txt',
  tuningVocabThreekingdoms: 'tuning-vocab-threekingdoms.zh.txt',
  tuningVocabAi: 'tuning-vocab-ai.zh.txt',
  tuningVocabForge: 'tuning-vocab-forge.zh.txt',
  tuningVocabSelection: 'tuning-vocab-selection.zh.txt',
  tuningVocabAcademy: 'tuning-vocab-academy.zh.txt',
  tuningVocabOldtown: 'tuning-vocab-oldtown.zh.txt',
  tuningVocabTycoon: 'tuning-vocab-tycoon.zh.txt',
  tuningVocabTavern: 'tuning-vocab-tavern.zh.txt',
  tuningVocabPhysician: 'tuning-vocab-physician.zh.txt',
  tuningVocabGaokao: 'tuning-vocab-gaokao.zh.txt',
  tuningVocabFox: 'tuning-vocab-fox.zh.txt',
  tuningVocabVoyage: 'tuning-vocab-voyage.zh.txt',
  tuningVocabHospital: 'tuning-vocab-hospital.zh.txt',
  tuningVocabKungfu: 'tuning-vocab-kungfu.zh.txt',
  tuningVocabStartup: 'tuning-vocab-startup.zh.txt',
  tuningVocabSpy: 'tuning-vocab-spy.zh.txt',
  tuningDialogue: 'tuning-dialogue.zh.txt',
  tuningCourtFamily: 'tuning-court-family.zh.txt',
  tuningWestFantasy: 'tuning-west-fantasy.zh.txt',
  tuningWorkplace: 'tuning-workplace.zh.txt',
  tuningReunion: 'tuning-reunion.zh.txt',
  tuningHospitalNight: 'tuning-hospital-night.zh.txt',
  tuningFamilyDinner: 'tuning-family-dinner.zh.txt',
  tuningPhoneCall: 'tuning-phone-call.zh.txt',
  tuningKnightQuest: 'tuning-knight-quest.zh.txt',
  tuningCourtAudience: 'tuning-court-audience.zh.txt',
  tuningCityRent: 'tuning-city-rent.zh.txt',
  tuningPalaceTea: 'tuning-palace-tea.zh.txt',
  tuningStartupNight: 'tuning-startup-night.zh.txt',
  tuningCountyTrial: 'tuning-county-trial.zh.txt',
  tuningNeighbors: 'tuning-neighbors.zh.txt',
  heldOut: 'heldout.zh.txt',
  heldOutGenres: 'heldout-genres.zh.txt',
  heldOutWorkplace: 'heldout-workplace.zh.txt',
  heldOutCampus: 'heldout-campus.zh.txt',
  heldOutFantasy: 'heldout-fantasy.zh.txt',
  heldOutCourt: 'heldout-court.zh.txt',
} as const;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Agreement (syllable F1 per paragraph) with the reference QuickTranslator algorithm using the
 * stock files: of our QT mode (the same files loaded as an operator would) and of the built-in
 * mode (no operator files), per text and over all paragraphs of all texts; and the median time
 * of a chapter converted with the stock files (`timeChapter`).
 */
export async function qtAgreement(timeChapter: (dictionaries: ConvertDictionaries) => number): Promise<Record<string, number | string>> {
  if (!existsSync(STOCK_QT_DIR)) return { qtAgreement: `skipped: ${STOCK_QT_DIR} is absent` };
  const { dictionaries, report } = await loadDictionaries({ vietPhrase: [], names: [], qtDir: STOCK_QT_DIR });
  const builtIn = emptyDictionaries();
  const result: Record<string, number | string> = {
    stockLoadMs: report.ms,
    stockVietPhraseEntries: dictionaries.vietPhrase.size,
    stockSkippedLines: `${report.skipped} (first ${path.basename(report.firstSkipped ?? '-')})`,
    convertMedianMsStockFiles: timeChapter(dictionaries),
  };
  const all = { reference: [] as string[], qt: [] as string[], builtIn: [] as string[] };
  const heldOut = { reference: [] as string[], builtIn: [] as string[] };
  for (const [name, file] of Object.entries(TEXTS)) {
    const text = readFileSync(path.join(FIXTURES, file), 'utf8');
    const reference = qtReference(text, dictionaries);
    const qt = convertEachLine(text, { dictionaries });
    const ours = convertEachLine(text, { dictionaries: builtIn });
    result[`agreementQt_${name}`] = round3(paragraphAgreement(qt, reference));
    result[`agreementBuiltIn_${name}`] = round3(paragraphAgreement(ours, reference));
    all.reference.push(...reference);
    all.qt.push(...qt);
    all.builtIn.push(...ours);
    if (name.startsWith('heldOut')) {
      heldOut.reference.push(...reference);
      heldOut.builtIn.push(...ours);
    }
  }
  result.agreementQt_all = round3(paragraphAgreement(all.qt, all.reference));
  result.agreementBuiltIn_all = round3(paragraphAgreement(all.builtIn, all.reference));
  result.agreementBuiltIn_heldOutAll = round3(paragraphAgreement(heldOut.builtIn, heldOut.reference));
  return result;
}
