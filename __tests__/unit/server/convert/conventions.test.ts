/** @jest-environment node */
import { convertChinese } from '@/server/convert/engine';
import { emptyDictionaries } from '@/server/convert/qt/load';
import { hanVietTable } from '@/server/convert/hanviet/table';

/** The conventions of converted novels the built-in data follows, and those it refuses. */
const convert = (text: string) => convertChinese(text, { dictionaries: emptyDictionaries() });

beforeAll(() => hanVietTable(), 60_000);

describe('function words said as converted-novel readers know them', () => {
  it.each([
    ['他会回来的', /^Hắn hội trở về/],
    ['这里很安静', /thực yên lặng$/],
    ['你怎么来了', /^Ngươi như thế nào đến/],
    ['他们走了', /^Bọn họ đi/],
    ['虽然很累', /^Tuy rằng/],
    ['没有任何消息', /bất luận cái gì tin tức$/],
    ['观众一下子沸腾了起来', /lập tức/],
    ['可是他没来', /^Nhưng là /],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('readings converters use that would say something false are not taken', () => {
  it.each([
    ['认真地说', /còn thật sự/],
    ['让她整个人如坠冰窟', /mời/],
    ['只是看了一眼', /^Chính là/],
    ['连一声鸟叫都听不到', /^Liền/],
    ['所有队员', /sở hữu/],
    ['他已经走了', /đã muốn/],
    ['他睡过一个好觉', /ngủ quá/],
  ])('%s', (text, wrong) => {
    expect(convert(text)).not.toMatch(wrong);
  });
});

describe('了', () => {
  it.each([
    ['马车停了。', 'Xe ngựa ngừng.'],
    ['他走了三天', 'Hắn đi ba ngày'],
    ['我知道了。', 'Ta đã biết.'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });
});

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

describe('从', () => {
  it.each([
    ['一道声音从身后传来', /theo phía sau truyền đến$/],
    ['他从怀里取出一枚玉佩', /^Hắn theo trong /],
    ['从早到晚', /^Từ sáng đến tối$/],
    ['从今天起', /^Từ hôm nay trở đi$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
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

describe('plurals and courtesies', () => {
  it.each([
    ['外门弟子们三五成群', /^Các đệ tử ngoại môn /],
    ['林师兄，得罪了！', /đắc tội!$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
    expect(convert(text)).not.toMatch(/môn môn|rồi/);
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

describe('everyday words and measure words', () => {
  it.each([
    ['妈妈，我回来了！', /^Mẹ, /],
    ['那本书被压在杂物下面', /^Kia quyển sách bị/],
    ['一炷香的时间', /^Một nén hương /],
    ['大人们总喜欢拿他们比较', /^Người lớn /],
    ['她在院子里等他', /^Nàng ở trong sân chờ hắn$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it('reads 入门 as a word, not a place', () => {
    expect(convert('都是一些普通的入门法诀')).not.toMatch(/Nhập Môn/);
  });
});

describe('sentence-final particles', () => {
  it.each([
    ['我还没吃饭呢', 'Ta còn chưa ăn cơm đâu'],
    ['你呢？', 'Còn ngươi?'],
    ['好吗？', 'Được không?'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });

  it('reads a word that ends with a particle piece by piece', () => {
    expect(convert('有事吗')).toMatch(/sao$/);
  });
});

describe('single characters', () => {
  it.each([
    ['他一拍脑袋', /vỗ/],
    ['重重地摔在地上', /ngã/],
    ['他靠着墙', /^Hắn dựa/],
  ])('%s says the verb in Vietnamese', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it.each([
    ['前', /tiền/i],
    ['红', /hồng/i],
  ])('%s is not read in a Hán-Việt that misleads', (text, wrong) => {
    expect(convert(text)).not.toMatch(wrong);
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

describe('characters whose Hán-Việt reading says something else', () => {
  it.each([
    ['戴着帽子', /^Đeo /],
    ['你错了', /^Ngươi sai/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('single characters said alone', () => {
  it.each([
    ['他蹲在地上', /ngồi xổm/],
    ['柴不够了', /^Củi không đủ/],
    ['他咬了咬牙', /cắn/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
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

describe('不过 and 再也', () => {
  it.each([
    ['他打不过我', 'Hắn đánh không lại ta'],
    ['说不过她', 'Nói không lại nàng'],
    ['不过他没来', 'Bất quá hắn không đến'],
    ['再也爬不起来', 'Bò không dậy nổi'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });

  it('reads 从 first in a word the segmenter made of it and its noun', () => {
    expect(convert('他从树林里走了出来')).toMatch(/^Hắn theo rừng cây/);
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

describe('几个 and 以为', () => {
  it.each([
    ['几个弟子', /^Vài cái đệ tử$/],
    ['几个人', /^Vài người$/],
    ['几个月', /^Mấy tháng$/],
    ['我以为你走了', /tưởng rằng/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('的话 and counts with 几', () => {
  it.each([
    ['如果你不去的话，我就走了', 'Nếu như ngươi không đi, ta liền đi'],
    ['听师父的话，', 'Nghe sư phụ lời nói,'],
    ['十几个人', 'Mười mấy người'],
    ['十二分的小心', 'Vô cùng cẩn thận'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });
});

describe('得', () => {
  it.each([
    ['她激动得说不出话来', /xúc động được nói/],
    ['我得走了', /^Ta phải đi/],
    ['明天就得去', /liền phải đi$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
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
