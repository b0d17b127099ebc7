import type { CommunityUser } from '@/lib/api/community';

/** The author's picture, or the first letter of their name in a circle. */
export function Avatar({ user, size = 36 }: { user: CommunityUser | null; size?: number }) {
  const style = { width: size, height: size };
  if (user?.avatar) {
    // eslint-disable-next-line @next/next/no-img-element -- avatars come from any identity provider host.
    return <img src={user.avatar} alt="" style={style} className="shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" loading="lazy" />;
  }
  const letter = user?.username.trim().charAt(0).toUpperCase() || '?';
  return (
    <span aria-hidden style={style} className="flex shrink-0 items-center justify-center rounded-full bg-brand/15 text-sm font-semibold text-brand dark:bg-brand-dark/20 dark:text-brand-dark">
      {letter}
    </span>
  );
}

export function authorName(user: CommunityUser | null): string {
  return user?.username || 'Tài khoản đã xóa';
}
