/** @jest-environment node */
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';

/** The defects of issue 27, as a reader met them with the built-in data alone. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });

beforeAll(() => hanVietTable(), 60_000);

describe('no everyday gloss inside a word the list does not know', () => {
  it.each([
    ['人才', /^Nhân tài$/],
    ['关爱', /^(Quan ái|Quan tâm yêu thương)$/],
    ['教会', /^Giáo hội$/],
    ['初等教育', /^(Sơ đẳng giáo dục|Giáo dục sơ cấp)$/],
    ['玩家', /^Người chơi$/],
    ['大学', /^Đại học$/],
    ['千克', /^(Kg|Kilôgam|Thiên khắc)$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('no common word taken for a name', () => {
  it.each([
    ['风太大了', /Phong|Thái/],
    ['远处传来了钟声', /Chung Thanh/],
    ['他是高中生', /Cao Trung/],
    ['萧炎易容了', /Dịch Dung/],
  ])('%s', (text, wrong) => {
    expect(convert(text)).not.toMatch(wrong);
  });
});

describe('names', () => {
  it.each([
    ['二愣子姓韩名立', /họ Hàn tên Lập$/],
    ['他姓欧阳名锋', /họ Âu Dương tên Phong$/],
    ['纳兰桀说', /^Nạp Lan Kiệt /],
    ['克莱恩看着', /^Khắc Lai Ân /],
    ['乔一帆说', /^Kiều Nhất Phàm /],
    ['乔一帆紧张地握着鼠标', /^Kiều Nhất Phàm /],
    ['君莫笑的账号卡静静地放在桌上', /^Quân Mạc Tiếu /],
    ['叶修操控着君莫笑。', /Quân Mạc Tiếu\.$/],
    ['林晓看的书', /^Lâm Hiểu xem/],
    ['萧炎易容了', /^Tiêu Viêm /],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('numbers and measure words', () => {
  it.each([
    ['几两银子', /^Mấy lượng /],
    ['一阶妖兽', /^Nhất giai yêu thú$/],
    ['三品丹药', /^Tam phẩm đan dược$/],
    ['三日之后', /^Ba ngày sau$/],
    ['他7岁了', /^Hắn 7 tuổi/],
    ['3个人', /^3 người$/],
    ['几十个人', /^Mấy chục người$/],
    ['这袋米有二十千克', /hai mươi kg$/],
    ['百花谷', /^(?!Một trăm)/],
    ['几乎', /^(?!Mấy)/],
    ['二愣子', /^(?!Hai)/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('an empty first meaning drops the word', () => {
  it('的=/của drops 的', () => {
    const dictionaries = emptyDictionaries();
    dictionaries.vietPhrase.add('的', '');
    dictionaries.vietPhrase.add('自己', 'chính mình');
    expect(convertChinese('他看着自己的剑', { dictionaries })).not.toMatch(/của/);
  });
});

describe('地 as the adverbial particle', () => {
  it.each([
    ['认真地说', /^Nghiêm túc nói$/],
    ['细雨无声地落下', /^(?!.*địa)/],
    ['他兴奋地跳了起来', /^(?!.*địa)/],
    ['这块地', /địa|đất/],
    ['他一点一点地向后退去', /^(?!.*địa)/],
    ['一步一步地走', /^(?!.*địa)/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('地 kept whole by jieba with its adverb', () => {
  it.each(['冰冷的目光死死地锁定了他', '重重地摔在地上', '静静地看着他'])('%s', (text) => {
    expect(convert(text)).not.toMatch(/địa/);
  });
});

describe('names: where they end, and terms jieba tags as places', () => {
  it.each([
    ['林凡握着手中的玉佩', /^Lâm Phàm (?!Ác)/],
    ['他来到青石镇', /Thanh Thạch Trấn$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it.each(['野山参', '夕阳西下'])('%s is no name', (text) => {
    expect(convert(text)).not.toMatch(/^\S+ [A-ZĐ]/u);
  });
});

describe('transliterated names jieba cuts apart', () => {
  it.each([
    ['维塔斯来了', /^Duy Tháp Tư /],
    ['艾莉丝笑了', /^Ngải Lỵ Ti /],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it.each(['森林里', '这座塔里'])('%s is no name', (text) => {
    expect(convert(text)).not.toMatch(/^\S+ [A-ZĐ]/u);
  });
});

describe('在: going on before a verb, "ở" before a place', () => {
  it.each([
    ['他在等你', /^Hắn đang /],
    ['她在说什么', /^Nàng đang nói/],
    ['他在家里', /^Hắn ở /],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('a surname before a title', () => {
  it.each([
    ['门外传来赵师兄的声音', /Triệu sư huynh/],
    ['王大哥来了', /^Vương đại ca /],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});
