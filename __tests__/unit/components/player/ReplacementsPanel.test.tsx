import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ReplacementsPanel } from '@/components/player/ReplacementsPanel';
import type { Player } from '@/lib/player/player';
import type { ReplacementLists } from '@/lib/player/replacements';
import { STORAGE_KEYS } from '@/lib/constants';

const server = setupServer();
let saves = 0;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.tokenApi, 'token-of-a-signed-in-reader');
  saves = 0;
  server.use(
    http.put('http://localhost/api/user/speech-replacements', () => {
      saves += 1;
      return HttpResponse.json({ message: { entries: [], problems: [], disabledDefaults: [] } });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

const saved: ReplacementLists = { reader: [], story: [{ from: 'HP', to: 'máu', wholeWord: true }], disabledDefaults: ['npc'] } as ReplacementLists;
const player = { setReplacements: () => undefined } as unknown as Player;

describe('"Thay thế khi đọc" when the saved lists cannot be read', () => {
  it('offers nothing to save over them, and shows them once a retry reads them', async () => {
    let reads = 0;
    server.use(
      http.get('http://localhost/api/user/speech-replacements', () => {
        reads += 1;
        return reads === 1 ? HttpResponse.json({ message: 'Máy chủ gặp sự cố, vui lòng thử lại sau.' }, { status: 500 }) : HttpResponse.json({ message: saved });
      }),
    );
    render(<ReplacementsPanel player={player} storyId="7" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Không tải được danh sách thay thế.');
    expect(screen.queryByRole('button', { name: 'Lưu danh sách' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Thêm mục' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByLabelText('Chữ gốc mục 1')).toHaveValue('HP');
    expect(screen.getByLabelText('Đọc thành mục 1')).toHaveValue('máu');
    expect(screen.getByRole('button', { name: 'Lưu danh sách' })).toBeEnabled();
    expect(saves).toBe(0);
  });
});
