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

describe('plurals and courtesies', () => {
  it.each([
    ['外门弟子们三五成群', /^Các đệ tử ngoại môn /],
    ['林师兄，得罪了！', /đắc tội!$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
    expect(convert(text)).not.toMatch(/môn môn|rồi/);
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
    ['“那你呢？”', '"Kia còn ngươi?"'],
    ['好吗？', 'Được không?'],
  ])('%s → %s', (text, expected) => {
    expect(convert(text)).toBe(expected);
  });

  it('keeps 呢 "đâu" after a pronoun that is an object', () => {
    expect(convert('老板还问起你呢。')).toMatch(/ngươi đâu\.$/);
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

describe('不过 and 再也', () => {
  it.each([
    ['他打不过我', /^Hắn đánh không lại ta$/],
    ['说不过她', /không lại nàng$/],
    ['不过他没来', /^Bất quá hắn /],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it('leaves 再也 unsaid before a negation', () => {
    expect(convert('再也爬不起来')).not.toMatch(/bao giờ/);
  });

  it('reads 从 first in a word the segmenter made of it and its noun', () => {
    expect(convert('他从树林里走了出来')).toMatch(/^Hắn theo rừng cây/);
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
    ['如果你不去的话，我就走了', /ngươi không đi, ta /],
    ['听师父的话，', /lời nói,$/],
    ['十几个人', /^Mười mấy người$/],
    ['十二分的小心', /^Vô cùng /],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
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

describe('当', () => {
  it.each([
    ['我想让你去当负责人', /đi làm người phụ trách$/],
    ['当他回来的时候', /^Khi hắn trở về/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('一 before a verb that closes the clause', () => {
  it.each([
    ['表姐把箱子往屋里一推，自己先坐下', /hướng trong phòng đẩy,/],
    ['侧身一让，剑尖擦着他的脖子划了过去', /^Nghiêng người để,/],
    ['只觉得胸口一闷。', /ngực buồn bực\.$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });

  it('keeps a listed phrase and a count', () => {
    expect(convert('他抬头一看，愣住了')).toMatch(/vừa nhìn/);
    expect(convert('只差一寸。')).toMatch(/một tấc/);
  });
});

describe('没 and 起来', () => {
  it('reads 没 in a word of the segmenter as the negation, not its Hán-Việt "một"', () => {
    expect(convert('你一点都没变')).toMatch(/không biến$/);
  });

  it.each([
    ['奶奶一大早就起来了', /liền đứng lên$/],
    ['他突然起来', /đột nhiên đứng lên$/],
    ['一个人站了起来', /đứng lên$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('sounds and separable verbs', () => {
  it.each([
    ['远处传来一阵低沉的呼吸声', /tiếng hô hấp$/],
    ['门外响起了敲门声', /tiếng gõ cửa$/],
    ['江远刚洗完澡', /tắm xong$/],
    ['把她的碗收走', /thu đi$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});

describe('一把', () => {
  it.each([
    ['他一把抓住她的手腕', /^Hắn một phen bắt lấy/],
    ['一把将他推开', /^Một phen đem hắn đẩy ra/],
    ['手里拿着一把剑', /một thanh kiếm$/],
  ])('%s', (text, expected) => {
    expect(convert(text)).toMatch(expected);
  });
});
