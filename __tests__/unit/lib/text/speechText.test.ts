import { splitSpeechChunks, toSpeechText } from '@/lib/text/speechText';

describe('toSpeechText', () => {
  it.each<[string, string]>([
    ['Chương 12: Thiên hạ đệ nhất', 'Chương mười hai: Thiên hạ đệ nhất'],
    ['Chương XII - Quyết chiến', 'Chương mười hai, Quyết chiến'],
    ['Hắn có 1.000.000 lượng bạc.', 'Hắn có một triệu lượng bạc.'],
    ['Chiếm 3,5 phần.', 'Chiếm ba phẩy năm phần.'],
    ['Lần thứ 2, thứ 4, hạng thứ 1.', 'Lần thứ hai, thứ tư, hạng thứ nhất.'],
    ['Tăng 50% so với trước', 'Tăng năm mươi phần trăm so với trước'],
    ['Lúc 10h30 sáng.', 'Lúc mười giờ ba mươi sáng.'],
    ['Hẹn 14:45, xuất phát 7h05.', 'Hẹn mười bốn giờ bốn mươi lăm, xuất phát bảy giờ năm phút.'],
    ['Sinh 12/3/2024.', 'Sinh ngày mười hai tháng ba năm hai nghìn không trăm hai mươi tư.'],
    ['Ngày 12/3/2024 trời mưa.', 'Ngày mười hai tháng ba năm hai nghìn không trăm hai mươi tư trời mưa.'],
    ['Từ tháng 4/2023.', 'Từ tháng tư năm hai nghìn không trăm hai mươi ba.'],
    ['Ở TP.HCM và TP. Hà Nội.', 'Ở thành phố Hồ Chí Minh và thành phố Hà Nội.'],
    ['Táo, lê, v.v. Hắn đi.', 'Táo, lê, vân vân. Hắn đi.'],
    ['Hắn ko biết, k sao, nó đc rồi.', 'Hắn không biết, không sao, nó được rồi.'],
    ['Ko sao đâu.', 'Không sao đâu.'],
    ['Đi 5km, nặng 70kg, cách 300 m.', 'Đi năm ki-lô-mét, nặng bảy mươi ki-lô-gam, cách ba trăm mét.'],
    ['Chạy 60 km/h.', 'Chạy sáu mươi ki-lô-mét trên giờ.'],
    ['Giá 50.000đ hoặc $20.', 'Giá năm mươi nghìn đồng hoặc hai mươi đô la.'],
    ['Nhiệt độ -5°C.', 'Nhiệt độ âm năm độ C.'],
    ['Từ 5-10 người.', 'Từ năm đến mười người.'],
    ['Gọi 0912345678!', 'Gọi không chín một hai ba bốn năm sáu bảy tám!'],
    ['Mr. Smith gặp Mrs. Lan.', 'ông Smith gặp bà Lan.'],
  ])('prepares %p', (input, expected) => {
    expect(toSpeechText(input)).toBe(expected);
  });

  it('removes decorations and repeated punctuation but keeps sentence punctuation', () => {
    expect(toSpeechText('***')).toBe('');
    expect(toSpeechText('=== Hết chương ===')).toBe('Hết chương');
    expect(toSpeechText('Trời ơi!!! Sao lại thế???')).toBe('Trời ơi! Sao lại thế?');
    expect(toSpeechText('“Đi thôi!” Hắn nói (rất nhỏ).')).toBe('Đi thôi! Hắn nói, rất nhỏ.');
    expect(toSpeechText('Chờ đã...... rồi đi.')).toBe('Chờ đã, rồi đi.');
  });

  it('leaves words that only contain abbreviation letters alone', () => {
    expect(toSpeechText('Khôn ngoan không phải là kẻ ngốc.')).toBe('Khôn ngoan không phải là kẻ ngốc.');
    expect(toSpeechText('Anh K đến.')).toBe('Anh K đến.');
  });
});

describe('splitSpeechChunks', () => {
  it('keeps a short paragraph whole', () => {
    expect(splitSpeechChunks('Một câu. Hai câu.')).toEqual(['Một câu. Hai câu.']);
  });

  it('splits at sentence ends and packs sentences up to the limit', () => {
    const chunks = splitSpeechChunks('Câu một ngắn. Câu hai cũng ngắn! Câu ba hỏi? Câu bốn… Câu năm.', 35);
    expect(chunks).toEqual(['Câu một ngắn. Câu hai cũng ngắn!', 'Câu ba hỏi? Câu bốn… Câu năm.']);
  });

  it('splits a long sentence at commas, then between words, never over the limit', () => {
    const sentence = 'Một câu rất dài, với nhiều dấu phẩy, để kiểm tra việc chia nhỏ, khi vượt quá giới hạn của trình duyệt.';
    const chunks = splitSpeechChunks(sentence, 40);
    expect(chunks[0]).toBe('Một câu rất dài, với nhiều dấu phẩy,');
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(40);
    expect(chunks.join(' ')).toBe(sentence);

    const words = 'một hai ba bốn năm sáu bảy tám chín mười '.repeat(5).trim();
    const wordChunks = splitSpeechChunks(words, 25);
    for (const chunk of wordChunks) expect(chunk.length).toBeLessThanOrEqual(25);
    expect(wordChunks.join(' ')).toBe(words);
  });

  it('cuts a single overlong word and ignores blank text', () => {
    expect(splitSpeechChunks('a'.repeat(25), 10)).toEqual(['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(5)]);
    expect(splitSpeechChunks('   ')).toEqual([]);
    expect(() => splitSpeechChunks('x', 0)).toThrow(RangeError);
  });

  it('uses 200 characters by default', () => {
    const text = Array.from({ length: 20 }, (_, i) => `Đây là câu số ${i} của đoạn văn.`).join(' ');
    const chunks = splitSpeechChunks(text);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(200);
  });
});
