import Link from 'next/link';
import { useRouter } from 'next/router';
import { listUsers, type AdminUser } from '@/lib/api/admin';
import { ListFooter, SearchForm } from '../filters';
import { formatDateTime, labelOf, muteActive, ROLE_LABELS, vipState } from '../format';
import { CONSOLE_URL, queryPage, queryParam } from '../query';
import { useAdminData } from '../useAdminData';
import { Badge, CARD, LoadState, ScreenTitle } from '../ui';

/** The badges of an account: role, VIP, mute. */
export function AccountBadges({ user }: { user: AdminUser }) {
  const vip = vipState(user.expireTime);
  return (
    <span className="flex flex-wrap gap-1">
      {user.role === 'admin' && <Badge tone="info">{labelOf(ROLE_LABELS, user.role)}</Badge>}
      {vip.active && <Badge tone="warn">VIP</Badge>}
      {muteActive(user.mute) && <Badge tone="bad">Đang bị khóa viết</Badge>}
    </span>
  );
}

/** Tài khoản: accounts found by email or name (accent-insensitive), each opening its page. */
export function AccountsScreen() {
  const router = useRouter();
  const query = queryParam(router.query, 'query');
  const page = queryPage(router.query);
  const users = useAdminData(() => listUsers({ query, page }), `${query}|${page}`, router.isReady);
  const params = { query };
  return (
    <>
      <ScreenTitle title="Tài khoản" />
      <SearchForm label="Tìm tài khoản" placeholder="Email hoặc tên người dùng" current={query} params={params} />
      <LoadState
        state={users.state}
        error={users.error}
        hasData={Boolean(users.data)}
        empty={users.data?.results.length === 0}
        emptyTitle="Không tìm thấy tài khoản nào"
        emptyHint={query ? `Không có tài khoản khớp với "${query}".` : undefined}
        onRetry={users.reload}
      >
        {users.data && (
          <>
            <ul className="grid gap-3 lg:grid-cols-2">
              {users.data.results.map((user) => (
                <li key={user._id} className={CARD}>
                  <Link prefetch={false} href={`${CONSOLE_URL}/tai-khoan/${user._id}`} className="block break-all font-semibold text-brand underline-offset-2 hover:underline dark:text-brand-dark">
                    {user.email || '(không có email)'}
                  </Link>
                  <p className="mb-2 text-sm text-ink-soft dark:text-neutral-400">
                    {user.username} · tạo {formatDateTime(user.createdAt)}
                  </p>
                  <AccountBadges user={user} />
                </li>
              ))}
            </ul>
            <ListFooter total={users.data.total} page={users.data.page} perpage={users.data.perpage} params={params} noun="tài khoản" />
          </>
        )}
      </LoadState>
    </>
  );
}
