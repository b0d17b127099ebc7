import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { NamePackImport } from '@/components/embedding/names/NamePackImport';
import { ProposalList } from '@/components/embedding/names/ProposalList';
import type { StoryNames } from '@/lib/api/embedding';

const received: { path: string; method: string; body: unknown }[] = [];
const NAMES: StoryNames = {
  storyId: '7',
  names: { 青云宗: 'Thanh Vân Tông' },
  mine: { 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông', 苏晴: 'Tô Tình' },
  shared: [{ original: '青云宗', translation: 'Thanh Vân Tông', locked: false, source: 'readers', readers: 3, sharedAt: 1 }],
  proposals: [{ original: '苏晴', translation: 'Tô Tình', supporters: 2, createdAt: 1 }],
  threshold: 3,
};

const server = setupServer(
  http.all('http://localhost/api/embedding/names/:action', async ({ request, params }) => {
    const body = await request.json();
    received.push({ path: String(params.action), method: request.method, body });
    if (params.action === 'import') {
      return HttpResponse.json({ message: { added: [], changed: [], skipped: [], counts: { added: 1, changed: 1, skipped: 1 }, dryRun: false, names: { ...NAMES, mine: { ...NAMES.mine, 林渊: 'Lâm Viên', 王: 'Vương' } } } });
    }
    return HttpResponse.json({ message: { ...NAMES, proposals: [...NAMES.proposals, { original: '林渊', translation: 'Lâm Uyên', supporters: 1, createdAt: 2 }] } });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
});
afterAll(() => server.close());

describe('the names proposals', () => {
  it('offers "Đề xuất dùng chung" for each own name that differs from the shared list, and says where a proposal stands', async () => {
    const onChanged = jest.fn();
    render(<ProposalList storyId="7" data={NAMES} onChanged={onChanged} onNotice={jest.fn()} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const lin = items.find((item) => item.textContent?.includes('林渊'))!;
    const su = items.find((item) => item.textContent?.includes('苏晴'))!;
    expect(within(su).getByText('Đã đề xuất · 2/3 độc giả')).toBeInTheDocument();
    expect(within(su).getByRole('button', { name: 'Rút đề xuất' })).toHaveAccessibleDescription(expect.stringContaining('苏晴 = Tô Tình'));
    const propose = within(lin).getByRole('button', { name: 'Đề xuất dùng chung' });
    expect(propose).toHaveAccessibleDescription('林渊 = Lâm Uyên');
    fireEvent.click(propose);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(received).toEqual([{ path: 'proposals', method: 'PUT', body: { storyId: '7', original: '林渊', translation: 'Lâm Uyên' } }]);
    expect(onChanged.mock.calls[0][1].lines[0]).toMatch(/^Đã đề xuất “林渊=Lâm Uyên”\. Tên sẽ được dùng chung khi đủ 3 độc giả/);
  });
});

describe('"Nhập bộ tên"', () => {
  it('shows what each line of the file would do, and imports only once confirmed', async () => {
    const onImported = jest.fn();
    render(<NamePackImport storyId="7" data={NAMES} onImported={onImported} onNotice={jest.fn()} />);
    const file = new File(['林渊=Lâm Viên\r\n王=Vương\r\n苏晴=Tô Tình\r\n'], 'Names.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText('Nhập bộ tên'), { target: { files: [file] } });
    const preview = await screen.findByRole('region', { name: 'Xem trước bộ tên “Names.txt”' });
    expect(within(preview).getByText('Thêm 1 tên')).toBeInTheDocument();
    expect(within(preview).getByText('Đổi 1 tên')).toBeInTheDocument();
    expect(within(preview).getByText('Bỏ qua 1 dòng')).toBeInTheDocument();
    expect(within(preview).getByText(/: Lâm Uyên → Lâm Viên$/)).toBeInTheDocument();
    expect(within(preview).getByText(/giống tên bạn đang dùng\.$/)).toBeInTheDocument();
    expect(received).toEqual([]);
    fireEvent.click(within(preview).getByRole('button', { name: 'Xác nhận nhập 2 tên' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(received).toEqual([{ path: 'import', method: 'POST', body: { storyId: '7', text: '林渊=Lâm Viên\r\n王=Vương\r\n苏晴=Tô Tình\r\n', dryRun: false } }]);
    expect(onImported.mock.calls[0][1]).toEqual({ tone: 'done', lines: ['Đã nhập bộ tên: thêm 1 tên, đổi 1 tên, bỏ qua 1 dòng.'] });
    expect(screen.queryByRole('region')).toBeNull();
  });
});
