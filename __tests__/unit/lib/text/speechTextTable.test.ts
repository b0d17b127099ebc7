import { toSpeechText } from '@/lib/text/speechText';

/** The normaliser shared by the browser voice and the server voice, on the cases listeners meet most. */
const CASES: [string, string][] = [
  ['Chương XII: Trở về', 'Chương mười hai: Trở về'],
  ['Lúc 7:30 sáng ngày 2/9/1945.', 'Lúc bảy giờ ba mươi sáng ngày hai tháng chín năm một nghìn chín trăm bốn mươi lăm.'],
  ['Tăng 15% so với năm 2023.', 'Tăng mười lăm phần trăm so với năm hai nghìn không trăm hai mươi ba.'],
  ['Anh ở TP. Hà Nội.', 'Anh ở thành phố Hà Nội.'],
  ['Gạo, muối, v.v. đều hết.', 'Gạo, muối, vân vân đều hết.'],
  ['Hắn im lặng... rồi đi.', 'Hắn im lặng, rồi đi.'],
  ['Nàng khẽ nói… Rồi quay đi.', 'Nàng khẽ nói. Rồi quay đi.'],
  ['Sao lại thế…?', 'Sao lại thế?'],
  ['Ta… ta không biết…', 'Ta, ta không biết.'],
  ['- Ngươi là ai?', 'Ngươi là ai?'],
  ['Có 1.000.000 đồng.', 'Có một triệu đồng.'],
];

describe('toSpeechText table', () => {
  it.each(CASES)('%s', (input, expected) => {
    expect(toSpeechText(input)).toBe(expected);
  });
});
