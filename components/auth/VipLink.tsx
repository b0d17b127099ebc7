import Link from 'next/link';
import { useAuth } from '@/hooks/useAuth';

/** The header's VIP link; hidden while the reader's VIP is active (spec §4). */
export function VipLink({ className = '' }: { className?: string }) {
  const { vipActive } = useAuth();
  if (vipActive) return null;
  return (
    <Link prefetch={false} href="/vip" className={className}>
      VIP
    </Link>
  );
}
