import { digitsToVietnamese, numberToVietnamese } from '@/lib/text/vietnameseNumbers';

describe('numberToVietnamese', () => {
  it.each<[number | bigint | string, string]>([
    [0, 'không'],
    [1, 'một'],
    [5, 'năm'],
    [10, 'mười'],
    [11, 'mười một'],
    [14, 'mười bốn'],
    [15, 'mười lăm'],
    [20, 'hai mươi'],
    [21, 'hai mươi mốt'],
    [24, 'hai mươi tư'],
    [25, 'hai mươi lăm'],
    [31, 'ba mươi mốt'],
    [101, 'một trăm lẻ một'],
    [105, 'một trăm lẻ năm'],
    [110, 'một trăm mười'],
    [115, 'một trăm mười lăm'],
    [1000, 'một nghìn'],
    [1001, 'một nghìn không trăm lẻ một'],
    [1010, 'một nghìn không trăm mười'],
    [2024, 'hai nghìn không trăm hai mươi tư'],
    [15000, 'mười lăm nghìn'],
    [1_000_000, 'một triệu'],
    [1_000_005, 'một triệu không trăm lẻ năm'],
    [1_000_000_000, 'một tỷ'],
    [1_000_001_000, 'một tỷ không trăm lẻ một nghìn'],
    [1_234_567_890, 'một tỷ hai trăm ba mươi tư triệu năm trăm sáu mươi bảy nghìn tám trăm chín mươi'],
    [BigInt('1000000000000'), 'một nghìn tỷ'],
    [BigInt('-21'), 'âm hai mươi mốt'],
    [-7, 'âm bảy'],
    [-0, 'không'],
    [3.5, 'ba phẩy năm'],
    [0.25, 'không phẩy hai mươi lăm'],
    [3.14159, 'ba phẩy một bốn một năm chín'],
    ['1.000.000', 'một triệu'],
    ['3,5', 'ba phẩy năm'],
    ['-2,05', 'âm hai phẩy không năm'],
    ['1.250,75', 'một nghìn hai trăm năm mươi phẩy bảy mươi lăm'],
    ['3.5', 'ba phẩy năm'],
    ['2024', 'hai nghìn không trăm hai mươi tư'],
  ])('reads %p as "%s"', (input, expected) => {
    expect(numberToVietnamese(input)).toBe(expected);
  });

  it('rejects what is not a number', () => {
    expect(() => numberToVietnamese('abc')).toThrow(RangeError);
    expect(() => numberToVietnamese('1.00')).not.toThrow();
    expect(() => numberToVietnamese(Number.NaN)).toThrow(RangeError);
    expect(() => numberToVietnamese(Infinity)).toThrow(RangeError);
  });
});

describe('digitsToVietnamese', () => {
  it('reads each digit', () => {
    expect(digitsToVietnamese('0912')).toBe('không chín một hai');
  });
});
