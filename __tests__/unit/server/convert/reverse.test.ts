/** @jest-environment node */
import { buildReverseIndex, chineseCandidates, hanVietSyllables, hanVietToChinese } from '@/server/convert/reverse';

/** From a Hán-Việt title back to the Chinese it reads. */
describe('the reverse Hán-Việt index', () => {
  const readings = new Map<string, string[]>([
    ['凡', ['phàm']], ['犯', ['phạm']], ['人', ['nhân']], ['因', ['nhân']], ['修', ['tu']], ['子', ['tử']],
    ['仙', ['tiên']], ['先', ['tiên']], ['传', ['truyền', 'truyện']], ['傳', ['truyền', 'truyện']], ['说', ['thuyết']], ['說', ['thuyết']], ['生', ['sinh']],
  ]);
  const dictionary = ['凡人 110 n', '犯人 1760 n', '修仙 50 v', '因子 485 n', '人子 20 n', '先生 9000 n', '传说 800 n', '傳說 30 n', '子 300000 n'].join('\n');
  const index = buildReverseIndex(dictionary, readings, new Set(['傳', '說']));

  it('cuts a toned title into the likeliest words, the tones taken as typed', () => {
    expect(chineseCandidates('Phàm Nhân Tu Tiên Truyện', 3, index)[0]).toBe('凡人修仙传');
    expect(chineseCandidates('phạm nhân', 1, index)).toEqual(['犯人']);
  });

  it('takes a title typed without tones as any tone, the most used words first', () => {
    expect(chineseCandidates('pham nhan', 2, index)).toEqual(['犯人', '凡人']);
  });

  it('reads simplified characters only, and nothing from what is not Hán-Việt', () => {
    expect(chineseCandidates('Truyện', 3, index)).toEqual(['传']);
    expect(chineseCandidates('world of warcraft', 3, index)).toEqual([]);
    expect(hanVietSyllables('Đấu Phá, Thương Khung!')).toEqual(['đấu', 'phá', 'thương', 'khung']);
    expect(hanVietSyllables('dr. who')).toBeNull();
  });

  it('reads real titles with the real word list and table, built without holding the event loop', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      expect(await hanVietToChinese('Phàm Nhân Tu Tiên Truyện')).toContain('凡人修仙传');
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toBeGreaterThan(5);
    expect((await hanVietToChinese('Đấu Phá Thương Khung'))[0]).toBe('斗破苍穹');
    expect(await hanVietToChinese('凡人')).toEqual([]);
    // Building the index from the whole word list takes seconds (about 3 s on a quiet core).
  }, 60_000);
});
