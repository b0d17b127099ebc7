import { checkCopyrightDraft, type CopyrightDraft } from '@/lib/reports';

const ORIGINS = { site: 'https://truyenaudio.vn', aliases: ['http://127.0.0.1:3100'] };
const STATEMENT = 'Tôi là tác giả của truyện này và không cho phép đăng lại.';
const draft = (change: Partial<CopyrightDraft>): CopyrightDraft => ({
  name: 'Nguyễn Văn A',
  email: 'tacgia@example.com',
  links: 'https://truyenaudio.vn/kiem-lai',
  statement: STATEMENT,
  ...change,
});

describe('checkCopyrightDraft', () => {
  it('gives the claim to send: trimmed, links one per line, each on the configured site', () => {
    const links = ' https://truyenaudio.vn/kiem-lai \n\n/kiem-lai/chuong-2\nhttp://127.0.0.1:3100/tien-nghich?trang=2\n';
    const checked = checkCopyrightDraft(draft({ name: '  Nguyễn Văn A ', links }), ORIGINS);
    expect(checked).toEqual({
      claim: {
        name: 'Nguyễn Văn A',
        email: 'tacgia@example.com',
        links: ['https://truyenaudio.vn/kiem-lai', 'https://truyenaudio.vn/kiem-lai/chuong-2', 'https://truyenaudio.vn/tien-nghich?trang=2'],
        statement: STATEMENT,
      },
    });
  });

  it('names each problem in Vietnamese', () => {
    expect(checkCopyrightDraft({ name: '', email: '', links: '', statement: 'ngắn' }, ORIGINS)).toEqual({
      problems: {
        name: 'Vui lòng nhập họ tên của bạn.',
        email: 'Vui lòng nhập email để chúng tôi liên hệ lại.',
        links: 'Vui lòng dán ít nhất một đường dẫn truyện trên trang của chúng tôi.',
        statement: 'Vui lòng mô tả yêu cầu của bạn (ít nhất 20 ký tự).',
      },
    });
    expect(checkCopyrightDraft(draft({ email: 'tacgia@' }), ORIGINS)).toEqual({ problems: { email: 'Email không hợp lệ.' } });
  });

  it.each(['https://example.com/kiem-lai', 'https://truyenaudio.vn/', 'kiem-lai', 'javascript:alert(1)'])('refuses %s, which is not a story on the site', (link) => {
    expect(checkCopyrightDraft(draft({ links: `https://truyenaudio.vn/kiem-lai\n${link}` }), ORIGINS)).toEqual({
      problems: { links: `“${link}” không phải đường dẫn tới một truyện trên trang của chúng tôi.` },
    });
  });

  it('takes at most 20 links and 5,000 characters of statement', () => {
    const links = Array.from({ length: 21 }, (_, index) => `https://truyenaudio.vn/truyen-${index}`).join('\n');
    expect(checkCopyrightDraft(draft({ links }), ORIGINS)).toEqual({ problems: { links: 'Tối đa 20 đường dẫn mỗi lần gửi.' } });
    expect(checkCopyrightDraft(draft({ statement: 'a'.repeat(5_001) }), ORIGINS)).toEqual({ problems: { statement: 'Nội dung tối đa 5.000 ký tự.' } });
  });
});
