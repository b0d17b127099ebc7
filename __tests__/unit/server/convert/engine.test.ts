/** @jest-environment node */
import path from 'node:path';
import { convertChinese, convertParagraphs, convertTitle } from '@/server/convert/engine';
import { PhraseDictionary, type ConvertDictionaries } from '@/server/convert/dictionary';
import { loadDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';

const fixtures = path.join(process.cwd(), '__tests__/fixtures/convert');
let dictionaries: ConvertDictionaries;
const none: ConvertDictionaries = { vietPhrase: new PhraseDictionary(), names: new PhraseDictionary() };

// On a fresh clone the first use generates the Hán-Việt table, which takes a few seconds.
beforeAll(async () => {
  hanVietTable();
  ({ dictionaries } = await loadDictionaries({ vietPhrase: [path.join(fixtures, 'vietphrase.txt')], names: [path.join(fixtures, 'names.txt')] }));
}, 60_000);

describe('convertChinese', () => {
  it('converts a line of dialogue with VietPhrase, punctuation and capitals', () => {
    expect(convertChinese('他说：“我们走吧。”', { dictionaries })).toBe('Hắn nói: "Chúng ta đi thôi."');
  });

  it('gives the same output for traditional input', () => {
    const simplified = convertChinese('他说：“我们走吧。”萧炎说。', { dictionaries });
    expect(convertChinese('他說：「我們走吧。」蕭炎說。', { dictionaries })).toBe(simplified);
  });

  it('uses global Names, capitalised as names', () => {
    expect(convertChinese('林凡说', { dictionaries })).toBe('Lâm Phàm nói');
    expect(convertChinese('他在青石镇', { dictionaries })).toBe('Hắn ở Thanh Thạch Trấn');
  });

  it('lets the story names beat global Names and VietPhrase', () => {
    const names = { 林凡: 'Lâm phàm Phàm', 走吧: 'Tẩu Ba' };
    expect(convertChinese('林凡走吧', { dictionaries, names })).toBe('Lâm Phàm Phàm Tẩu Ba');
    expect(convertChinese('萧炎', { dictionaries: none, names: { 萧炎: 'Tiêu Viêm' } })).toBe('Tiêu Viêm');
  });

  it('reads an entry of the story list written in lower case as a word, as written, still first', () => {
    const names = { 林凡: 'rừng thường', 走吧: 'đi nào' };
    expect(convertChinese('他说林凡走吧', { dictionaries, names })).toBe('Hắn nói rừng thường đi nào');
    expect(convertChinese('平凡心态', { dictionaries: none, names: { 凡心: 'lòng phàm' } })).toBe('Bình lòng phàm thái');
  });

  it('never lets the built-in data cut into a story name', () => {
    expect(convertChinese('平凡心态', { dictionaries: none, names: { 凡心: 'Phàm Tâm' } })).toBe('Bình Phàm Tâm thái');
  });

  it('prefers the longest match over all dictionaries', () => {
    expect(convertChinese('修炼者', { dictionaries })).toBe('Người tu luyện');
    expect(convertChinese('修炼', { dictionaries })).toBe('Tu luyện');
    const longerVietPhrase: ConvertDictionaries = {
      names: PhraseDictionary.fromRecord({ 林凡: 'Lâm Phàm' }),
      vietPhrase: PhraseDictionary.fromRecord({ 林凡说: 'Lâm Phàm bảo' }),
    };
    expect(convertChinese('林凡说', { dictionaries: longerVietPhrase })).toBe('Lâm Phàm bảo');
  });

  it('lets Names win a tie of equal length against VietPhrase', () => {
    const tie: ConvertDictionaries = {
      names: PhraseDictionary.fromRecord({ 白云: 'Bạch Vân' }),
      vietPhrase: PhraseDictionary.fromRecord({ 白云: 'mây trắng' }),
    };
    expect(convertChinese('白云', { dictionaries: tie })).toBe('Bạch Vân');
  });

  it('falls back to Hán-Việt readings and passes unknown characters through', () => {
    expect(convertChinese('苍穹', { dictionaries: none })).toBe('Thương khung');
    expect(convertChinese('𪚥', { dictionaries: none })).toBe('𪚥');
  });

  it('drops particles with an empty meaning', () => {
    expect(convertChinese('红色的剑', { dictionaries: none })).toBe('Màu đỏ kiếm');
  });

  it('says what a pronoun owns in Vietnamese order', () => {
    expect(convertChinese('我的剑', { dictionaries: none })).toBe('Kiếm của ta');
    expect(convertChinese('他的剑很长', { dictionaries: none })).toBe('Kiếm của hắn thực dài');
    expect(convertChinese('你的朋友们都走了吗？', { dictionaries: none })).toBe('Các bằng hữu của ngươi đều đi sao?');
    expect(convertChinese('这是我的。', { dictionaries: none })).toBe('Đây là của ta.');
    expect(convertChinese('我一定会回来看您的。', { dictionaries: none })).toBe('Ta nhất định hội trở về xem ngài.');
  });

  it('says a place with its localiser in Vietnamese order', () => {
    expect(convertChinese('他在房间里看书', { dictionaries: none })).toBe("Hắn ở trong gian phòng đọc sách");
    expect(convertChinese('从山谷里缓缓升起', { dictionaries: none })).toBe('Theo trong sơn cốc chậm rãi dâng lên');
    expect(convertChinese('他在等你', { dictionaries: none })).toBe('Hắn đang chờ ngươi');
  });

  it('maps full-width punctuation and spaces it the Vietnamese way', () => {
    expect(convertChinese('甲，乙。丙！谁？', { dictionaries: none })).toBe('Giáp, ất. Bính! Ai?');
    expect(convertChinese('甲、乙；丙', { dictionaries: none })).toBe('Giáp, ất; bính');
    expect(convertChinese('《斗破苍穹》（上）', { dictionaries: none })).toBe('«Đấu phá thương khung» (trên)');
    expect(convertChinese('他……死了——', { dictionaries: none })).toBe('Hắn... chết —');
    expect(convertChinese('『甲』「乙」', { dictionaries: none })).toBe('"Giáp" "Ất"');
  });

  it('turns full-width digits and letters into ASCII and keeps Latin runs', () => {
    expect(convertChinese('３甲ＡＢＣ', { dictionaries: none })).toBe('3 giáp ABC');
    expect(convertChinese('iPhone 15卖了3.5万台', { dictionaries: none })).toBe('IPhone 15 bán 3.5 vạn cỗ');
  });

  it('capitalises after a sentence end, at the start and after an opening quote', () => {
    expect(convertChinese('甲。乙！丙？"走吧。"他说', { dictionaries })).toBe('Giáp. Ất! Bính? "Đi thôi." Hắn nói');
  });

  it('keeps paragraphs and trims the result', () => {
    expect(convertChinese('  甲\n\n乙  \n', { dictionaries: none })).toBe('Giáp\n\nẤt');
  });
});

describe('convertTitle', () => {
  it('capitalises every word of a title converted by Hán-Việt alone', () => {
    expect(convertTitle('斗破苍穹', { dictionaries: none })).toBe('Đấu Phá Thương Khung');
    expect(convertTitle('鬥破蒼穹', { dictionaries: none })).toBe('Đấu Phá Thương Khung');
  });

  it('capitalises dictionary meanings too', () => {
    expect(convertTitle('修炼天下', { dictionaries })).toBe('Tu Luyện Thiên Hạ');
  });
});

describe('convertParagraphs', () => {
  it('converts each non-empty line into a paragraph', () => {
    expect(convertParagraphs('他说。\n\n  \n我们走吧！', { dictionaries })).toEqual(['Hắn nói.', 'Chúng ta đi thôi!']);
  });
});

describe('the conventions converters share (built-in data)', () => {
  it('reads 将 before what it moves as "đem" and before a verb as "sẽ"', () => {
    expect(convertChinese('将整个小镇笼罩', { dictionaries: none })).toBe('Đem toàn bộ trấn nhỏ bao phủ');
    expect(convertChinese('他将会离开', { dictionaries: none })).toBe('Hắn sẽ rời đi');
  });

  it('reads the complement 得 as "được" and 个 before a noun as "cái"', () => {
    expect(convertChinese('安静得有些反常', { dictionaries: none })).toBe('Yên lặng được có chút khác thường');
    expect(convertChinese('生出了一个念头', { dictionaries: none })).toMatch(/một cái ý niệm/);
    expect(convertChinese('三个人', { dictionaries: none })).toBe('Ba người');
  });

  it('reads 想 before a verb as wanting', () => {
    expect(convertChinese('你真的想知道吗', { dictionaries: none })).toMatch(/muốn biết/);
    expect(convertChinese('我在想', { dictionaries: none })).toBe('Ta đang nghĩ');
  });

  it('keeps the Hán-Việt words converters keep', () => {
    expect(convertChinese('一个沙哑的声音', { dictionaries: none })).toBe('Một cái khàn khàn thanh âm');
  });
});

describe('plural nouns', () => {
  it('says 们 after a noun as "các" before it', () => {
    expect(convertChinese('弟子们都来了', { dictionaries: none })).toBe('Các đệ tử đều đến');
    expect(convertChinese('他们', { dictionaries: none })).toBe('Bọn họ');
  });
});

describe('了', () => {
  it('is left unsaid, closing a sentence or inside one, unless a phrase says it', () => {
    expect(convertChinese('雨终于停了。', { dictionaries: none })).toBe('Mưa rốt cuộc ngừng.');
    expect(convertChinese('他走了三天', { dictionaries: none })).toBe('Hắn đi ba ngày');
    expect(convertChinese('糟了！', { dictionaries: none })).toBe('Nguy rồi!');
  });
});
