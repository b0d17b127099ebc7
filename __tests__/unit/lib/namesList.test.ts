import { formatNamesList, parseNamesList } from '@/lib/namesList';

describe('parseNamesList', () => {
  it('reads 中文=Tên Việt lines, trimming spaces and skipping blank lines', () => {
    expect(parseNamesList('林渊 = Lâm Uyên\n\n  青云宗=Thanh Vân Tông  \n')).toEqual({
      names: { 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' },
      errors: [],
    });
  });

  it('names every bad line in Vietnamese with its number', () => {
    const { names, errors } = parseNamesList(
      ['林渊=Lâm Uyên', 'Lâm Uyên', 'abc=Tên', '青云宗=', '=Thanh Vân', '苏=Tô=Tô', '林渊=Lâm Uyên Khác', `${'字'.repeat(31)}=Dài`].join('\n'),
    );
    expect(names).toEqual({ 林渊: 'Lâm Uyên' });
    expect(errors).toEqual([
      'Dòng 2: thiếu dấu “=” (mỗi dòng có dạng 中文=Tên Việt).',
      'Dòng 3: tên gốc “abc” phải có chữ Hán.',
      'Dòng 4: thiếu tên tiếng Việt sau dấu “=”.',
      'Dòng 5: thiếu tên gốc chữ Hán trước dấu “=”.',
      'Dòng 6: chỉ được có một dấu “=” trên mỗi dòng.',
      'Dòng 7: “林渊” đã có ở dòng 1.',
      'Dòng 8: tên gốc dài quá 30 ký tự.',
    ]);
  });

  it('refuses markup, control characters and meaning separators in a name', () => {
    const { names, errors } = parseNamesList(['王<b>=Vương', '李=<i>Lý</i>', '张=Trương\tBa', '赵=Triệu/Chiêu', '孙=Tôn|Tốn', '周=Chu\u202EUhc'].join('\n'));
    expect(names).toEqual({});
    expect(errors).toEqual([
      'Dòng 1: tên gốc không được chứa “<” hay “>”.',
      'Dòng 2: tên tiếng Việt không được chứa “<” hay “>”.',
      'Dòng 3: tên tiếng Việt chứa ký tự điều khiển hoặc xuống dòng.',
      'Dòng 4: tên tiếng Việt không được chứa “/” hay “|”.',
      'Dòng 5: tên tiếng Việt không được chứa “/” hay “|”.',
      'Dòng 6: tên tiếng Việt chứa ký tự điều khiển hoặc xuống dòng.',
    ]);
  });

  it('round-trips a saved list through the editor text', () => {
    const saved = { 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' };
    expect(parseNamesList(formatNamesList(saved))).toEqual({ names: saved, errors: [] });
  });
});
