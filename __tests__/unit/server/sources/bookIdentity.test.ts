/** @jest-environment node */
import { bookKey, normaliseAuthor, normaliseTitle } from '@/server/sources/bookIdentity';

describe('book identity across sites', () => {
  it('writes traditional and simplified titles alike', () => {
    expect(normaliseTitle('凡人修仙傳')).toBe(normaliseTitle('凡人修仙传'));
    expect(normaliseAuthor('忘語')).toBe(normaliseAuthor('忘语'));
  });

  it('drops the decorations sites add to a title', () => {
    const plain = normaliseTitle('凡人修仙传');
    for (const decorated of ['凡人修仙传（全本）', '凡人修仙传【完结】', '凡人修仙传 最新章节', '《凡人修仙传》', '凡人修仙传全文阅读', ' 凡人 修仙传 (精校版) ']) {
      expect(normaliseTitle(decorated)).toBe(plain);
    }
  });

  it('drops the label before an author and full-width forms', () => {
    expect(normaliseAuthor('作者：忘语')).toBe('忘语');
    expect(normaliseAuthor('作者: 忘语 ')).toBe('忘语');
    expect(normaliseTitle('ＡＢＣ之王')).toBe('abc之王');
  });

  it('tells different books apart', () => {
    expect(bookKey({ title: '凡人修仙传', author: '忘语' })).not.toBe(bookKey({ title: '凡人修仙传', author: '别人' }));
    expect(bookKey({ title: '凡人修仙传', author: '忘语' })).not.toBe(bookKey({ title: '凡人修仙之仙界篇', author: '忘语' }));
    expect(bookKey({ title: '凡人修仙傳', author: '作者：忘語' })).toBe(bookKey({ title: '凡人修仙传', author: '忘语' }));
  });
});
