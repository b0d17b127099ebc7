import { fireEvent, render, screen } from '@testing-library/react';
import { TextComposer } from '@/components/comments/TextComposer';

const MUTED = 'Tài khoản của bạn bị tạm khóa viết bình luận đến 30/11/2026 08:00. Lý do: Spam liên tục';

function renderComposer(onSubmit: (text: string) => Promise<boolean | string>) {
  render(<TextComposer label="Viết bình luận" maxLength={2_000} submitLabel="Gửi bình luận" onSubmit={onSubmit} />);
  return screen.getByRole('textbox', { name: 'Viết bình luận' });
}

describe('TextComposer', () => {
  it("shows the server's refusal in the form, keeps the text, and clears it on the next try", async () => {
    const onSubmit = jest.fn<Promise<boolean | string>, [string]>().mockResolvedValueOnce(MUTED).mockResolvedValueOnce(true);
    const box = renderComposer(onSubmit);
    fireEvent.change(box, { target: { value: 'Chương này hay quá' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MUTED);
    expect(box).toHaveValue('Chương này hay quá');
    expect(box).toHaveAccessibleDescription(expect.stringContaining(MUTED));

    fireEvent.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    expect(await screen.findByRole('textbox')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('keeps the text without a message when the write failed otherwise (the page shows a toast)', async () => {
    const box = renderComposer(async () => false);
    fireEvent.change(box, { target: { value: 'Xin chào' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi bình luận' }));
    expect(await screen.findByRole('button', { name: 'Gửi bình luận' })).toBeEnabled();
    expect(box).toHaveValue('Xin chào');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
