/**
 * Benchmark of the server voice: worker start-up, first audio on a cold cache for a short
 * (~300-word) and a long (~3,000-word) chapter, where the time of a part goes (synthesis,
 * encoding, the rest), whole-chapter synthesis, bytes per minute, a cache hit, 20 listeners
 * starting different chapters at once (first-audio p95), and how well each espeak-ng Vietnamese
 * variant keeps the six tones apart (pitch contours of "ma mà má mả mã mạ").
 * Run: npx tsx scripts/bench/tts.ts (or npm run bench with BENCH_ONLY=tts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toSpeechText } from '@/lib/text/speechText';
import { SERVER_VOICES } from '@/lib/player/serverVoices';
import { chapterAudio, chapterParts, partAudio, resetChapterAudio, type ChapterSpeech } from '@/server/tts/chapterAudio';
import { resetEnvForTests, ttsSettings } from '@/server/env';
import { closeTts, renderPartAudio, synthPool } from '@/server/tts/engine';
import { espeakSpeed } from '@/server/tts/espeakArguments';
import { measureToneSeparation } from './support/tones';
import { runWhenMain } from './support/main';
import { percentile } from './support/stats';

export const BENCH_CHAPTER: readonly string[] = [
  'Chương 12: Đêm trăng trên núi Thanh Vân',
  'Trời vừa tối, gió từ đỉnh núi thổi xuống mang theo hơi lạnh. Lâm Phong ngồi bên đống lửa nhỏ, tay cầm cuốn sách cũ đã sờn gáy, mắt không rời từng dòng chữ.',
  'Đã 3 ngày kể từ khi hắn rời khỏi thôn. Trong túi chỉ còn 15 lượng bạc và nửa cái bánh bao khô. Con đường tới thành Lạc Dương còn dài hơn 200 dặm, mà hắn thì chưa từng đi xa đến thế.',
  '“Ngươi định đọc đến sáng sao?” Một giọng nói trong trẻo vang lên sau lưng. Lâm Phong giật mình quay lại, thấy một thiếu nữ áo trắng đứng dưới gốc thông, ánh trăng phủ lên vai nàng một lớp bạc mờ.',
  'Hắn gấp sách lại, đứng dậy chắp tay: “Tại hạ là Lâm Phong, người thôn Hạ Khê. Xin hỏi cô nương là ai, sao lại một mình ở nơi hoang vắng này?”',
  'Thiếu nữ mỉm cười, không trả lời ngay. Nàng bước tới gần đống lửa, ngồi xuống tảng đá đối diện, rồi mới chậm rãi nói rằng nàng đã theo dõi hắn từ lúc hắn vượt qua con suối thứ 2, và nàng biết trong cuốn sách kia ghi chép điều gì.',
  'Lâm Phong siết chặt cuốn sách. Đó là di vật duy nhất mà sư phụ để lại trước khi qua đời, vào ngày 12/3 năm ấy. Ông dặn hắn phải mang nó đến Thanh Vân Môn, giao tận tay chưởng môn, tuyệt đối không được để người ngoài nhìn thấy.',
  'Gió lại nổi lên, ngọn lửa chao đảo. Từ xa vọng lại tiếng sói tru, hết đợt này đến đợt khác. Thiếu nữ ngẩng đầu nhìn về phía rừng tối, nụ cười trên môi nàng tắt dần. “Chúng đến rồi,” nàng khẽ nói, “khoảng 30 con. Ngươi biết dùng kiếm chứ?”',
];

const words = (paragraphs: readonly string[]) => paragraphs.join(' ').split(/\s+/).length;

/** A chapter of about `targetWords` words from the sample paragraphs, each numbered so no two are alike. */
function makeChapter(storyId: number, index: number, targetWords: number): ChapterSpeech {
  const body = BENCH_CHAPTER.slice(1);
  const paragraphs: string[] = [];
  for (let at = 0; words(paragraphs) < targetWords; at += 1) paragraphs.push(`${body[at % body.length]} (${at + 1})`);
  return { storyId, index, title: BENCH_CHAPTER[0], paragraphs };
}

const ms = (start: number) => Math.round(performance.now() - start);

async function firstAudio(chapter: ChapterSpeech, reader: string) {
  const started = performance.now();
  await partAudio(chapter, 0, { voice: ttsSettings().TTS_VOICE, reader, priority: 'now' });
  const title = ms(started);
  await partAudio(chapter, 1, { voice: ttsSettings().TTS_VOICE, reader, priority: 'now' });
  return { title, firstParagraphs: ms(started) };
}

export async function run(): Promise<Record<string, number | string>> {
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tts-'));
  process.env.TTS_CACHE_DIR = cacheDir;
  resetEnvForTests();
  resetChapterAudio();
  const voice = ttsSettings().TTS_VOICE;
  try {
    const poolStart = performance.now();
    await synthPool().warm();
    const poolMs = ms(poolStart);
    const instanceMs = Math.round(Math.max(...synthPool().startTimes));

    const short = makeChapter(1, 1, 300);
    const long = makeChapter(1, 2, 3000);
    const shortFirst = await firstAudio(short, 'bench-short');
    const longFirst = await firstAudio(long, 'bench-long');

    // Where the time of a typical part goes.
    const plan = chapterParts(long)[2];
    const partStart = performance.now();
    const rendered = await renderPartAudio({
      paragraphs: long.paragraphs.slice(plan.from, plan.to).map(toSpeechText),
      voice,
      wordsPerMinute: espeakSpeed(ttsSettings().TTS_RATE),
      kbps: ttsSettings().TTS_MP3_KBPS,
      pauseSeconds: 0.35,
    });
    const partTotal = ms(partStart);
    const partSeconds = rendered.paragraphSeconds.reduce((sum, value) => sum + value, 0);

    const shortWhole = performance.now();
    const shortAudio = await chapterAudio(short, { voice, reader: 'bench-short', priority: 'now' });
    const shortWholeMs = ms(shortWhole);
    const longWhole = performance.now();
    const longAudio = await chapterAudio(long, { voice, reader: 'bench-long', priority: 'now' });
    const longWholeMs = ms(longWhole);
    const longMinutes = longAudio.meta.parts.reduce((sum, part) => sum + part.seconds, 0) / 60;

    const hits: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      const started = performance.now();
      await partAudio(long, 3, { voice, reader: 'bench-long', priority: 'now' });
      hits.push(performance.now() - started);
    }

    const listeners = await Promise.all(
      Array.from({ length: 20 }, (_, at) => firstAudio(makeChapter(100 + at, 1, 1500), `listener-${at}`).catch(() => null)),
    );
    const served = listeners.filter((result): result is { title: number; firstParagraphs: number } => result !== null);
    const titles = served.map((result) => result.title);

    const tones = await measureToneSeparation(SERVER_VOICES.map((entry) => entry.id));

    return {
      engine: 'espeak-ng (WASM library) + LAME (WASM)',
      voice,
      kbps: ttsSettings().TTS_MP3_KBPS,
      workers: synthPool().size,
      workerStartAndWarmMs: poolMs,
      instanceStartMs: instanceMs,
      shortWords: words(short.paragraphs),
      longWords: words(long.paragraphs),
      shortFirstAudioMs: shortFirst.title,
      shortFirstParagraphsMs: shortFirst.firstParagraphs,
      longFirstAudioMs: longFirst.title,
      longFirstParagraphsMs: longFirst.firstParagraphs,
      partAudioSeconds: Math.round(partSeconds * 10) / 10,
      partSynthMs: Math.round(rendered.synthMs),
      partEncodeMs: Math.round(rendered.encodeMs),
      partOtherMs: Math.round(partTotal - rendered.synthMs - rendered.encodeMs),
      shortWholeChapterMs: shortWholeMs,
      longWholeChapterMs: longWholeMs,
      longAudioMinutes: Math.round(longMinutes * 10) / 10,
      longRealtimeFactor: Math.round((longMinutes * 60_000) / longWholeMs),
      kbPerMinute: Math.round(longAudio.size / 1024 / longMinutes),
      shortChapterKB: Math.round(shortAudio.size / 1024),
      cacheHitMsMedian: Math.round(percentile(hits, 50) * 10) / 10,
      listeners20Served: served.length,
      listeners20FirstAudioP50Ms: served.length ? percentile(titles, 50) : 'none',
      listeners20FirstAudioP95Ms: served.length ? percentile(titles, 95) : 'none',
      listeners20FirstParagraphsP95Ms: served.length ? percentile(served.map((result) => result.firstParagraphs), 95) : 'none',
      ...Object.fromEntries(tones.map((tone) => [`toneSeparation_${tone.voice}`, Math.round(tone.minDistance * 100) / 100])),
    };
  } finally {
    await closeTts();
    resetChapterAudio();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

runWhenMain(module, run);
