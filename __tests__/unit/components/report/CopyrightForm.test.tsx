import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { CopyrightForm } from '@/components/report/CopyrightForm';

const received: unknown[] = [];
let answer: () => Response = () => HttpResponse.json({ message: { _id: 'r77' } });
const server = setupServer(
  http.post('http://localhost/api/reports/copyright', async ({ request }) => {
    received.push({ body: await request.json(), auth: request.headers.get('authorization') });
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
  answer = () => HttpResponse.json({ message: { _id: 'r77' } });
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const STATEMENT = 'Tôi là tác giả truyện Kiếm Lai và chưa cho phép đăng lại ở đây.';

function fill() {
  fireEvent.change(screen.getByLabelText('Họ và tên hoặc tên tổ chức'), { target: { value: 'Nguyễn Văn A' } });
  fireEvent.change(screen.getByLabelText('Email liên hệ'), { target: { value: 'tacgia@example.com' } });
  fireEvent.change(screen.getByLabelText('Đường dẫn truyện trên trang của chúng tôi'), { target: { value: `${window.location.origin}/kiem-lai\n/kiem-lai/chuong-3` } });
  fireEvent.change(screen.getByLabelText('Nội dung yêu cầu'), { target: { value: STATEMENT } });
}

describe('the copyright form', () => {
  it('checks the fields in Vietnamese before sending, and focuses the first to fix', () => {
    render(<CopyrightForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    const name = screen.getByLabelText('Họ và tên hoặc tên tổ chức');
    expect(name).toHaveFocus();
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Vui lòng nhập họ tên của bạn.'));
    expect(screen.getByLabelText('Nội dung yêu cầu')).toHaveAccessibleDescription(expect.stringContaining('ít nhất 20 ký tự'));
    fireEvent.change(screen.getByLabelText('Đường dẫn truyện trên trang của chúng tôi'), { target: { value: 'https://example.com/kiem-lai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(screen.getByText('“https://example.com/kiem-lai” không phải đường dẫn tới một truyện trên trang của chúng tôi.')).toBeInTheDocument();
    expect(received).toEqual([]);
  });

  it('sends the claim without a token and acknowledges it on screen', async () => {
    localStorage.removeItem('tokenApi');
    render(<CopyrightForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    const receipt = await screen.findByRole('status');
    expect(receipt).toHaveTextContent('Chúng tôi đã nhận yêu cầu của bạn.');
    expect(receipt).toHaveTextContent('Mã yêu cầu: r77');
    expect(receipt).toHaveFocus();
    expect(received).toEqual([
      {
        body: { name: 'Nguyễn Văn A', email: 'tacgia@example.com', links: ['http://localhost:3000/kiem-lai', 'http://localhost:3000/kiem-lai/chuong-3'], statement: STATEMENT },
        auth: null,
      },
    ]);
  });

  it('shows the rate-limit message of the API and keeps what was typed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => HttpResponse.json({ message: 'Bạn đã gửi quá nhiều yêu cầu, vui lòng thử lại sau.' }, { status: 429 });
    render(<CopyrightForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn đã gửi quá nhiều yêu cầu, vui lòng thử lại sau.');
    expect(screen.getByLabelText('Nội dung yêu cầu')).toHaveValue(STATEMENT);
  });
});
