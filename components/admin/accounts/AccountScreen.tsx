import { ArrowLeft, Crown, MessageSquareOff, MessageSquareText, ScrollText } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState, type ReactNode } from 'react';
import { useAuth } from '@/hooks/useAuth';
import { getAccount, grantVip, muteUser, unmuteUser, type AdminAccount, type AdminUser } from '@/lib/api/admin';
import { formatDateTime, labelOf, muteActive, ROLE_LABELS, vipState } from '../format';
import { WritingItem } from '../moderation/WritingItem';
import { CONSOLE_URL, consoleHref, queryParam } from '../query';
import { ReasonDialog } from '../ReasonDialog';
import { useAdminData } from '../useAdminData';
import { BUTTON, CARD, Fact, LoadState } from '../ui';
import { OrderItem } from '../vip/OrderItem';
import { AccountBadges } from './AccountsScreen';

export const MUTE_MAX_DAYS = 365;
export const VIP_GRANT_MAX_DAYS = 3650;

type Asking = 'mute' | 'unmute' | 'vip' | null;

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className={CARD} aria-label={title}>
      <h2 className="mb-3 font-bold">
        {title} <span className="font-normal text-ink-soft dark:text-neutral-400">({count})</span>
      </h2>
      {count === 0 ? <p className="text-sm text-ink-soft dark:text-neutral-400">Chưa có.</p> : <ul className="space-y-2">{children}</ul>}
    </section>
  );
}

function Profile({ user, onUser }: { user: AdminUser; onUser: (user: AdminUser) => void }) {
  const { notify } = useAuth();
  const [asking, setAsking] = useState<Asking>(null);
  const muted = muteActive(user.mute);
  const vip = vipState(user.expireTime);
  const done = (next: AdminUser, text: string) => {
    onUser(next);
    setAsking(null);
    notify({ text, tone: 'success' });
  };
  return (
    <section className={CARD} aria-labelledby="account-title">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 id="account-title" className="break-all text-xl font-bold">
          {user.email || user.username}
        </h1>
        <AccountBadges user={user} />
      </div>
      <dl className="space-y-1">
        <Fact label="Tên người dùng">{user.username}</Fact>
        <Fact label="Vai trò">{labelOf(ROLE_LABELS, user.role)}</Fact>
        <Fact label="Tạo lúc">{formatDateTime(user.createdAt)}</Fact>
        <Fact label="VIP">{vip.label}</Fact>
        <Fact label="Viết bình luận">{muted ? `Bị khóa đến ${formatDateTime(user.mute!.until)} · Lý do: ${user.mute!.reason}` : 'Được phép'}</Fact>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {muted ? (
          <button type="button" className={BUTTON.secondary} onClick={() => setAsking('unmute')}>
            <MessageSquareText size={16} aria-hidden /> Mở khóa viết
          </button>
        ) : (
          <button type="button" className={BUTTON.danger} onClick={() => setAsking('mute')}>
            <MessageSquareOff size={16} aria-hidden /> Khóa viết
          </button>
        )}
        {user.email && (
          <button type="button" className={BUTTON.secondary} onClick={() => setAsking('vip')}>
            <Crown size={16} aria-hidden /> {vip.active ? 'Gia hạn VIP' : 'Cấp VIP'}
          </button>
        )}
        <Link prefetch={false} href={consoleHref(`${CONSOLE_URL}/nhat-ky`, { targetType: 'user', targetId: user._id })} className={BUTTON.secondary}>
          <ScrollText size={16} aria-hidden /> Nhật ký
        </Link>
      </div>
      {asking === 'mute' && (
        <ReasonDialog
          title="Khóa viết bình luận và đánh giá"
          description="Độc giả sẽ thấy lý do này khi cố gửi bình luận hoặc đánh giá."
          days={{ label: `Số ngày khóa (1–${MUTE_MAX_DAYS})`, max: MUTE_MAX_DAYS, initial: 7 }}
          confirmLabel="Khóa viết"
          danger
          onClose={() => setAsking(null)}
          onConfirm={async (reason, days) => done(await muteUser(user._id, days, reason), `Đã khóa viết ${days} ngày.`)}
        />
      )}
      {asking === 'unmute' && (
        <ReasonDialog
          title="Mở khóa viết"
          optional
          confirmLabel="Mở khóa"
          onClose={() => setAsking(null)}
          onConfirm={async (reason) => done(await unmuteUser(user._id, reason || undefined), 'Đã mở khóa viết.')}
        />
      )}
      {asking === 'vip' && (
        <ReasonDialog
          title={vip.active ? 'Gia hạn VIP' : 'Cấp VIP'}
          description={`VIP được cộng thêm từ ${vip.active ? 'ngày hết hạn hiện tại' : 'hôm nay'} cho ${user.email}.`}
          days={{ label: `Số ngày (1–${VIP_GRANT_MAX_DAYS})`, max: VIP_GRANT_MAX_DAYS, initial: 30 }}
          confirmLabel="Cấp VIP"
          onClose={() => setAsking(null)}
          onConfirm={async (reason, days) => done(await grantVip(user.email, days, reason), `Đã cấp thêm ${days} ngày VIP.`)}
        />
      )}
    </section>
  );
}

/** One account: its profile, mute and VIP, and everything it wrote (hidden ones too) and bought. */
export function AccountScreen() {
  const router = useRouter();
  const userId = queryParam(router.query, 'id');
  const account = useAdminData<AdminAccount>(() => getAccount(userId), userId, router.isReady && Boolean(userId));
  const data = account.data;
  return (
    <>
      <Link prefetch={false} href={`${CONSOLE_URL}/tai-khoan`} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand dark:text-brand-dark">
        <ArrowLeft size={16} aria-hidden /> Tài khoản
      </Link>
      <LoadState state={account.state} error={account.error} hasData={Boolean(data)} empty={false} emptyTitle="" onRetry={account.reload}>
        {data && (
          <div className="space-y-4">
            <Profile user={data.user} onUser={(user) => account.replace({ ...data, user })} />
            <Section title="Bình luận" count={data.comments.length}>
              {data.comments.map((comment) => (
                <WritingItem key={comment._id} kind="comments" writing={comment} />
              ))}
            </Section>
            <Section title="Đánh giá" count={data.reviews.length}>
              {data.reviews.map((review) => (
                <WritingItem key={review._id} kind="reviews" writing={review} />
              ))}
            </Section>
            <Section title="Đơn VIP" count={data.orders.length}>
              {data.orders.map((order) => (
                <OrderItem key={order._id} order={order} showEmail={false} />
              ))}
            </Section>
          </div>
        )}
      </LoadState>
    </>
  );
}
