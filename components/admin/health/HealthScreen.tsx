import { RotateCw } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { getHealth, type AdminHealth } from '@/lib/api/admin';
import { ChartCanvas, type Series } from '../charts/ChartCanvas';
import { formatNumber, formatVnd, shortDay } from '../format';
import { useAdminData } from '../useAdminData';
import { Badge, BUTTON, CARD, LoadState, ScreenTitle } from '../ui';
import { dailyTotals, nowValue, siteTotals } from './healthFigures';
import { SiteDomains } from './SiteDomains';

const COLORS = {
  reads: ['#b4461f', '#e07a4f'],
  listens: ['#0f766e', '#5eead4'],
  signups: ['#1d4ed8', '#93c5fd'],
  revenue: ['#a16207', '#fcd34d'],
  blocks: ['#b91c1c', '#f87171'],
  challenges: ['#7c3aed', '#c4b5fd'],
  parseErrors: ['#475569', '#cbd5e1'],
} as const;

const NOW_LABELS: Record<string, string> = { gate: 'Cổng trang (site gate)', pool: 'Kết nối cơ sở dữ liệu', admission: 'Hàng đợi API', audioQueue: 'Hàng đợi âm thanh' };

/** Names of the figures the server reports (pool, gate, queues); others are shown as named. */
const FIGURE_LABELS: Record<string, string> = {
  size: 'Đang mở',
  idle: 'Rảnh',
  waiting: 'Đang chờ',
  max: 'Tối đa',
  active: 'Đang xử lý',
  limit: 'Giới hạn',
  queued: 'Trong hàng',
  running: 'Đang chạy',
  refused: 'Bị từ chối',
};

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={CARD} aria-label={title}>
      <h2 className="mb-3 font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The figures of a chart as a table, folded under it (and what a screen reader reads). */
function FiguresTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand dark:text-brand-dark">Xem bảng số liệu</summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full text-left">
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col" className="border-b border-ink/10 px-2 py-1 dark:border-night-line">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) => (
                  <td key={index} className="border-b border-ink/5 px-2 py-1 tabular-nums dark:border-night-line/60">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className={CARD}>
      <p className="text-sm text-ink-soft dark:text-neutral-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
    </div>
  );
}

function Daily({ daily }: { daily: AdminHealth['daily'] }) {
  const labels = useMemo(() => daily.map((day) => shortDay(day.day)), [daily]);
  const traffic = useMemo<Series[]>(
    () => [
      { label: 'Lượt đọc', data: daily.map((day) => day.reads), color: COLORS.reads },
      { label: 'Lượt nghe', data: daily.map((day) => day.listens), color: COLORS.listens },
    ],
    [daily],
  );
  const signups = useMemo<Series[]>(() => [{ label: 'Tài khoản mới', data: daily.map((day) => day.signups), color: COLORS.signups }], [daily]);
  const revenue = useMemo<Series[]>(() => [{ label: 'Doanh thu VIP', data: daily.map((day) => day.revenue), color: COLORS.revenue }], [daily]);
  const totals = dailyTotals(daily);
  const rows = daily.map((day) => [day.day, formatNumber(day.reads), formatNumber(day.listens), formatNumber(day.signups), formatVnd(day.revenue)]);
  const head = ['Ngày', 'Lượt đọc', 'Lượt nghe', 'Tài khoản mới', 'Doanh thu VIP'];
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label="Lượt đọc (30 ngày)" value={formatNumber(totals.reads)} />
        <Tile label="Lượt nghe (30 ngày)" value={formatNumber(totals.listens)} />
        <Tile label="Tài khoản mới (30 ngày)" value={formatNumber(totals.signups)} />
        <Tile label="Doanh thu VIP (30 ngày)" value={formatVnd(totals.revenue)} />
      </div>
      <Panel title="Lượt đọc và lượt nghe mỗi ngày">
        <ChartCanvas kind="line" labels={labels} series={traffic} label="Biểu đồ đường: lượt đọc và lượt nghe mỗi ngày trong 30 ngày" format={formatNumber} />
        <FiguresTable head={head} rows={rows} />
      </Panel>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Tài khoản mới mỗi ngày">
          <ChartCanvas kind="bar" labels={labels} series={signups} label="Biểu đồ cột: tài khoản mới mỗi ngày trong 30 ngày" format={formatNumber} height={200} />
        </Panel>
        <Panel title="Doanh thu VIP mỗi ngày">
          <ChartCanvas kind="bar" labels={labels} series={revenue} label="Biểu đồ cột: doanh thu VIP mỗi ngày trong 30 ngày" format={formatNumber} height={200} />
        </Panel>
      </div>
    </>
  );
}

function Sources({ sources }: { sources: AdminHealth['sources'] }) {
  const totals = useMemo(() => siteTotals(sources), [sources]);
  const labels = useMemo(() => totals.map((site) => site.site), [totals]);
  const series = useMemo<Series[]>(
    () => [
      { label: 'Bị chặn', data: totals.map((site) => site.blocks), color: COLORS.blocks },
      { label: 'Bị thử thách', data: totals.map((site) => site.challenges), color: COLORS.challenges },
      { label: 'Lỗi đọc trang', data: totals.map((site) => site.parseErrors), color: COLORS.parseErrors },
    ],
    [totals],
  );
  return (
    <Panel title="Nguồn nhúng (7 ngày)">
      {totals.length === 0 ? (
        <p className="text-sm text-ink-soft dark:text-neutral-400">Chưa có lượt tải nào từ các trang nguồn trong 7 ngày qua.</p>
      ) : (
        <>
          <ul className="mb-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {totals.map((site) => (
              <li key={site.site} className="flex items-center justify-between gap-2 rounded-lg border border-ink/10 px-3 py-2 text-sm dark:border-night-line">
                <span className="min-w-0 truncate font-semibold">{site.site}</span>
                <span className="flex items-center gap-2 tabular-nums">
                  {formatNumber(site.fetches)} lượt
                  <Badge tone={site.failureRate >= 0.2 ? 'bad' : site.failureRate > 0 ? 'warn' : 'good'}>{Math.round(site.failureRate * 100)}% lỗi</Badge>
                </span>
              </li>
            ))}
          </ul>
          <ChartCanvas kind="bar" stacked labels={labels} series={series} label="Biểu đồ cột chồng: lượt bị chặn, bị thử thách và lỗi đọc trang của mỗi trang nguồn trong 7 ngày" format={formatNumber} height={220} />
          <FiguresTable
            head={['Trang nguồn', 'Lượt tải', 'Bị chặn', 'Bị thử thách', 'Lỗi đọc trang']}
            rows={totals.map((site) => [site.site, formatNumber(site.fetches), formatNumber(site.blocks), formatNumber(site.challenges), formatNumber(site.parseErrors)])}
          />
        </>
      )}
    </Panel>
  );
}

function Now({ now }: { now: AdminHealth['now'] }) {
  return (
    <Panel title="Ngay lúc này">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {Object.entries(now).map(([key, figures]) => (
          <div key={key} className="rounded-lg border border-ink/10 p-3 dark:border-night-line">
            <h3 className="mb-2 text-sm font-bold">{NOW_LABELS[key] ?? key}</h3>
            {figures ? (
              <dl className="space-y-1 text-sm">
                {Object.entries(figures).map(([name, value]) => (
                  <div key={name} className="flex justify-between gap-2">
                    <dt className="text-ink-soft dark:text-neutral-400">{FIGURE_LABELS[name] ?? name}</dt>
                    <dd className="font-semibold tabular-nums">{nowValue(value)}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-ink-soft dark:text-neutral-400">Không có (chế độ phát triển).</p>
            )}
          </div>
        ))}
      </div>
    </Panel>
  );
}

/** Tổng quan: the site's last 30 days, its source sites' last 7, and its queues now. */
export function HealthScreen() {
  const health = useAdminData(getHealth, 'health');
  return (
    <>
      <ScreenTitle title="Tổng quan">
        <button type="button" onClick={health.reload} className={BUTTON.secondary} disabled={health.state === 'loading'}>
          <RotateCw size={16} aria-hidden /> Làm mới
        </button>
      </ScreenTitle>
      <LoadState state={health.state} error={health.error} hasData={Boolean(health.data)} empty={false} emptyTitle="" onRetry={health.reload}>
        {health.data && (
          <div className="space-y-4">
            <Daily daily={health.data.daily} />
            <Sources sources={health.data.sources} />
            <Now now={health.data.now} />
            <SiteDomains />
          </div>
        )}
      </LoadState>
    </>
  );
}
