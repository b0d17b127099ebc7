/**
 * Benchmark of server-rendered chapter audio: renders a typical chapter (~1,500 characters of
 * Vietnamese prose in 8 paragraphs) with the configured engine and reports time, length and size.
 * Run: npx tsx scripts/bench/tts.ts
 */
import { closeEspeakEngine } from '@/server/tts/espeakEngine';
import { mp3Duration } from '@/server/tts/mp3Info';
import { renderChapterAudio, resolveRenderOptions } from '@/server/tts/render';

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

export async function run(): Promise<Record<string, number | string>> {
  const { engine, voice, kbps } = resolveRenderOptions();
  const characters = BENCH_CHAPTER.reduce((sum, paragraph) => sum + paragraph.length, 0);

  const coldStart = performance.now();
  const cold = await renderChapterAudio([...BENCH_CHAPTER]);
  const coldSeconds = (performance.now() - coldStart) / 1000;

  const warmStart = performance.now();
  const mp3 = await renderChapterAudio([...BENCH_CHAPTER]);
  const warmSeconds = (performance.now() - warmStart) / 1000;
  await closeEspeakEngine();

  const { seconds } = mp3Duration(mp3);
  const minutes = seconds / 60;
  const kilobytes = mp3.length / 1024;
  return {
    engine: engine.id,
    voice,
    kbps,
    characters,
    paragraphs: BENCH_CHAPTER.length,
    renderSecondsCold: round(coldSeconds, 2),
    renderSeconds: round(warmSeconds, 2),
    audioMinutes: round(minutes, 2),
    mp3KB: round(kilobytes, 1),
    kbPerMinute: round(kilobytes / minutes, 1),
    realtimeFactor: round(seconds / warmSeconds, 1),
    sameSizeColdAndWarm: cold.length === mp3.length ? 'yes' : 'no',
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

if (require.main === module) {
  run()
    .then((result) => {
      for (const [name, value] of Object.entries(result)) console.log(`${name.padEnd(20)} ${value}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
