import { toSpeechText } from '@/lib/text/speechText';
import { joinSegments, toSpeechSegments, type SpeechSegment } from '@/lib/text/speechSegments';

const vi = (text: string): SpeechSegment => ({ lang: 'vi', text });
const en = (text: string): SpeechSegment => ({ lang: 'en', text });

describe('toSpeechSegments', () => {
  it.each<[string, SpeechSegment[]]>([
    ['Lâm Phong rút kiếm.', [vi('Lâm Phong rút kiếm.')]],
    ['Nguyen Van An gặp Tran Minh Hoa.', [vi('Nguyên Van An gặp Tran Minh Hoa.')]],
    ['Anh ấy gặp John Smith ở Facebook.', [vi('Anh ấy gặp '), en('John Smith'), vi(' ở '), en('Facebook.')]],
    ['Harry Potter và Elizabeth đều đến.', [en('Harry Potter'), vi(' và '), en('Elizabeth'), vi(' đều đến.')]],
    ['Hắn gặp Tom Hanks, rồi Jean-Paul.', [vi('Hắn gặp '), en('Tom Hanks,'), vi(' rồi '), en('Jean-Paul.')]],
    // A capital that opens a sentence is not part of the name after it.
    ['Anh John cười. Tom Hanks im lặng.', [vi('Anh '), en('John'), vi(' cười. Tom '), en('Hanks'), vi(' im lặng.')]],
    ['Hắn chơi game lên level 10 rồi đánh boss.', [vi('Hắn chơi ghêm lên lê-vồ mười rồi đánh bốt.')]],
    ['Mr. Smith gặp Mrs. Lan.', [vi('ông '), en('Smith'), vi(' gặp bà Lan.')]],
    ['Khách VIP ở TP. Hà Nội, ok?', [vi('Khách VIP ở thành phố Hà Nội, ô kê?')]],
  ])('%s', (input, expected) => {
    expect(toSpeechSegments(input)).toEqual(expected);
  });

  it('gives back the whole text when the segments are joined', () => {
    const text = 'Chương 3: John Smith, Nguyen Van An và 15 người chơi game online ở London…';
    const segments = toSpeechSegments(text);
    expect(segments.map((segment) => segment.lang)).toEqual(['vi', 'en', 'vi', 'en']);
    expect(joinSegments(segments)).toBe('Chương ba: John Smith, Nguyên Van An và mười lăm người chơi ghêm ôn-lai ở London.');
  });

  it('reads text without Latin words exactly as the normaliser writes it', () => {
    const text = 'Ngày 12/3/2024, hắn đi 5km… Rồi dừng lại.';
    expect(toSpeechSegments(text)).toEqual([vi(toSpeechText(text))]);
    expect(toSpeechSegments('***')).toEqual([]);
  });
});
