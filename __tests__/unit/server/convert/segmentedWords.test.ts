/** @jest-environment node */
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';

/** Names, numbers and particles inside the words the segmenter cuts, with the built-in data alone. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });

beforeAll(() => hanVietTable(), 60_000);

describe('numbers', () => {
  it.each([
    ['三五成群', /^Ba năm /],
    ['七八个弟子', /^Bảy tám /],
    ['一两天', /^Một hai ngày$/],
    ['一两银子', /^Một lượng bạc$/],
    ['三十五岁', /^Ba mươi lăm tuổi$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('names', () => {
  it.each([
    ['新人小杨。', /Tiểu Dương\.$/],
    ['小李看了一眼', /^Tiểu Lý /],
    ['小李吓得尖叫一声', /^Tiểu Lý sợ/],
  ])('%s is a name', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it.each([
    ['天刚蒙蒙亮', /Mông/],
    ['雷达探测到敌人', /Lôi Đạt/],
    ['小心翼翼', /Tiểu/],
  ])('%s holds no name', (text, wrong) => {
    expect(convert(text)).not.toMatch(wrong);
  });
});

describe('地 after a word of manner', () => {
  it('is dropped even where the segmenter glued it to the next word', () => {
    expect(convert('老老实实地点了点头')).toMatch(/^Thành thành thật thật gật/);
  });
});

describe('地 of manner in the words jieba cuts', () => {
  it.each([
    ['剧烈地颤抖起来', /^Kịch liệt run rẩy/],
    ['一五一十地禀报', /bẩm báo$/],
    ['人陆陆续续地走了', /lục tục đi/],
    ['灯一盏接一盏地亮了起来', /ngọn sáng/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
    expect(convert(text)).not.toMatch(/địa/);
  });

  it.each([['这块地'], ['天地之间'], ['大地']])('%s keeps the land', (text) => {
    expect(convert(text)).toMatch(/địa|đất/);
  });
});

describe('names and counts inside the words jieba cuts', () => {
  it.each([
    ['一拳朝林风的胸口打来', /Lâm Phong/],
    ['前十名早就被定下了', /mười tên/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it('takes no everyday word for a place', () => {
    expect(convert('像一潭深水')).not.toMatch(/Thâm Thủy/);
  });
});

describe('no name from a verb of going or a place inside something', () => {
  it.each([
    ['你回国了？', /Hồi Quốc/],
    ['她从包里拿出一个文件袋', /Bao Lý/],
  ])('%s', (text, wrong) => {
    expect(convert(text)).not.toMatch(wrong);
  });

  it('still finds cities', () => {
    expect(convert('他去了上海')).toMatch(/Thượng Hải/);
  });
});

describe('words the segmenter makes of a verb said twice or of a place with its localiser', () => {
  it('says a doubled verb twice', () => {
    expect(convert('今天就教教你')).toMatch(/dạy dạy/);
  });

  it.each([
    ['在一座破庙里生了一堆火', /Miếu Lý/],
    ['粗声粗气的大汉', /Đại Hán/],
  ])('%s holds no name', (text, wrong) => {
    expect(convert(text)).not.toMatch(wrong);
  });
});

describe('counts of time the segmenter keeps whole', () => {
  it.each([
    ['最后十秒钟的时候', /mười giây/],
    ['过了几秒钟', /mấy giây$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('combinations the segmenter keeps whole, read piece by piece', () => {
  it.each([
    ['她激动地大喊', /^Nàng xúc động hô to$/],
    ['他慢慢地往下掉', /xuống dưới/],
    ['一家三口围坐在桌边', /ngồi vây quanh ở/],
    ['她笑盈盈地走上台', /đi lên đài$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it.each([
    ['往事', /^Chuyện cũ$/],
    ['现在', /^Hiện tại$/],
  ])('%s stays a word', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('percentages', () => {
  it.each([
    ['能量只剩下百分之二十了', /20%$/],
    ['百分之百', /^100%$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('a demonstrative and a measure word that alone would be misread', () => {
  it.each([
    ['那把剑', 'Kia thanh kiếm'],
    ['这只猫', 'Này con mèo'],
    ['这只是开始', 'Này chỉ là bắt đầu'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });
});

describe('no name from a sound, an adverb after a name or an everyday word tagged as a place', () => {
  it.each([
    ['沙沙的声响', /Sa Sa/],
    ['太多的人', /Thái Đa/],
    ['最大的一匹黑马', /Hắc Mã/],
  ])('%s', (text, wrong) => {
    expect(convert(text)).not.toMatch(wrong);
  });
});

describe('numbers that are not counts', () => {
  it.each([
    ['二零零八年', 'Năm 2008'],
    ['下午五点', 'Buổi chiều năm giờ'],
    ['十点半', 'Mười giờ rưỡi'],
    ['晚上十点多', 'Buổi tối hơn mười giờ'],
    ['得了三点', 'Được ba điểm'],
    ['三长老', 'Tam trưởng lão'],
    ['两个长老', 'Hai cái trưởng lão'],
    ['下一局', 'Ván tiếp theo'],
    ['好几箱', 'Vài thùng'],
    ['一个星期', 'Một tuần'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });
});

describe('多 and a size between a number and its measure word', () => {
  it.each([
    ['五十多岁', 'Hơn năm mươi tuổi'],
    ['三十多个人', 'Hơn ba mươi người'],
    ['提着两大袋菜', /hai túi lớn/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it('drops 地 glued to a preposition after a word jieba took for a noun', () => {
    expect(convert('正吃力地往台阶上爬')).not.toMatch(/địa/);
  });
});

describe('地 after words jieba mistags', () => {
  it.each([['三五成群地聊着'], ['她安静地站在人群']])('%s', (text) => {
    expect(convert(text)).not.toMatch(/địa/);
  });
});

describe('an adverb first or a result last in a word the list does not know', () => {
  it.each([
    ['我们的水只够喝两天了', /chỉ đủ uống/],
    ['就要渴死了', /khát chết/],
    ['打死他', /^Đánh chết hắn$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('在 before a word jieba tags as a verb but a localiser follows', () => {
  it('is a place, not "đang"', () => {
    expect(convert('两人在擂台上你来我往')).toMatch(/^Hai người ở trên lôi đài/);
    expect(convert('他在等你')).toBe('Hắn đang chờ ngươi');
  });
});

describe('characters whose Hán-Việt reading is a false Vietnamese word', () => {
  it('reads 猜 "đoán", not "sai" (wrong)', () => {
    expect(convert('“你猜。”')).toBe('"Ngươi đoán."');
  });
});

describe('single characters whose Hán-Việt reading is another Vietnamese word', () => {
  it.each([
    ['他吻了她', /hôn/],
    ['一半', /nửa/],
    ['他很穷', /nghèo/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});
