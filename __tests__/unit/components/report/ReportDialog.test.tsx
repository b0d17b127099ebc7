import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ReportButton } from '@/components/report/ReportButton';
import { ReportDialog, REPORT_THANKS, type ReportSubject } from '@/components/report/ReportDialog';
import { AuthContext, type AuthContextValue } from '@/context/AuthContext';
import { polyfillDialog } from './dialogPolyfill';

const ALREADY = 'Bạn đã báo cáo nội dung này, chúng tôi đang xem xét.';
const TOO_FAST = 'Bạn gửi báo cáo quá nhanh, vui lòng thử lại sau ít phút.';
const subject: ReportSubject = { type: 'comment', id: 'c42', label: 'bình luận của Lan' };

const received: unknown[] = [];
let answer: () => Response = () => HttpResponse.json({ message: { _id: 'r1', status: 'new' } });
const server = setupServer(
  http.post('http://localhost/api/reports', async ({ request }) => {
    received.push({ body: await request.json(), auth: request.headers.get('authorization') });
    return answer();
  }),
);

beforeAll(() => {
  polyfillDialog();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
  localStorage.clear();
  answer = () => HttpResponse.json({ message: { _id: 'r1', status: 'new' } });
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function auth(signedIn: boolean, openSignIn = jest.fn()) {
  const user = signedIn ? { _id: 'u1', email: 'lan@example.com', username: 'lan', avatar: null, expireTime: 0, createdAt: 0, emailVerified: true } : null;
  return { status: signedIn ? 'signedIn' : 'signedOut', user, openSignIn } as unknown as AuthContextValue;
}

function renderDialog(value: AuthContextValue, onClose = jest.fn()) {
  render(
    <AuthContext.Provider value={value}>
      <ReportDialog subject={subject} open onClose={onClose} />
    </AuthContext.Provider>,
  );
  return { onClose };
}

describe('the report dialog', () => {
  it('asks a signed-out reader to sign in, and opens the sign-in dialog', async () => {
    const openSignIn = jest.fn();
    const { onClose } = renderDialog(auth(false, openSignIn));
    const dialog = screen.getByRole('dialog', { name: 'Báo cáo bình luận' });
    expect(dialog).toHaveTextContent('Vui lòng đăng nhập để gửi báo cáo.');
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(onClose).toHaveBeenCalled();
    expect(openSignIn).toHaveBeenCalledWith('login');
  });

  it('waits while a stored session is restored, then shows the form', () => {
    const { rerender } = render(
      <AuthContext.Provider value={{ ...auth(false), status: 'restoring' }}>
        <ReportDialog subject={subject} open onClose={jest.fn()} />
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Đang kiểm tra đăng nhập…');
    expect(screen.queryByRole('button', { name: 'Đăng nhập' })).toBeNull();
    rerender(
      <AuthContext.Provider value={auth(true)}>
        <ReportDialog subject={subject} open onClose={jest.fn()} />
      </AuthContext.Provider>,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(6);
  });

  it('sends the reason and the detail with the token, and thanks the reader', async () => {
    localStorage.setItem('tokenApi', 'tok.en');
    renderDialog(auth(true));
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Bạn đang báo cáo bình luận của Lan.');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Spam',
      'Nội dung xúc phạm',
      'Tiết lộ nội dung (spoiler)',
      'Sai nội dung',
      'Vi phạm bản quyền',
      'Khác',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Tiết lộ nội dung (spoiler)' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Mô tả thêm/ }), { target: { value: '  Kể hết kết truyện  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi báo cáo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(REPORT_THANKS);
    expect(received).toEqual([{ body: { targetType: 'comment', targetId: 'c42', reason: 'spoiler', detail: 'Kể hết kết truyện' }, auth: 'Bearer tok.en' }]);
    expect(screen.getAllByRole('button', { name: 'Đóng' }).at(-1)).toHaveFocus();
  });

  it('asks for a reason before sending, and for a description with "Khác"', async () => {
    renderDialog(auth(true));
    fireEvent.click(screen.getByRole('button', { name: 'Gửi báo cáo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng chọn lý do báo cáo.');
    fireEvent.click(screen.getByRole('radio', { name: 'Khác' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gửi báo cáo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng mô tả vấn đề khi chọn “Khác”.');
    expect(received).toEqual([]);
  });

  it.each([
    [409, ALREADY],
    [429, TOO_FAST],
  ])('shows the API message of a %i as it comes, and keeps the form', async (status, message) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => HttpResponse.json({ message }, { status });
    renderDialog(auth(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gửi báo cáo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(REPORT_THANKS)).toBeNull();
    expect(screen.getByRole('radio', { name: 'Spam' })).toBeChecked();
  });

  it('says so in Vietnamese when the server answers without a message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => new HttpResponse('Bad gateway', { status: 502 });
    renderDialog(auth(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gửi báo cáo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không gửi được báo cáo, vui lòng thử lại.');
  });
});

describe('the report button', () => {
  it('loads the dialog when pressed and opens a fresh form each time', async () => {
    render(
      <AuthContext.Provider value={auth(true)}>
        <ReportButton subject={subject} />
      </AuthContext.Provider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Báo cáo bình luận của Lan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Báo cáo bình luận' });
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    fireEvent.click(screen.getByRole('button', { name: 'Báo cáo bình luận của Lan' }));
    expect(await screen.findByRole('radio', { name: 'Spam' })).not.toBeChecked();
  });
});
