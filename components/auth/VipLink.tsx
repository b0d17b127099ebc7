import Link from 'next/link';

/** The header's VIP link; hidden while the reader's VIP is active (spec §4). */
export function VipLink({ className = '' }: { className?: string }) {
  return (
    <Link href="/vip" className={className}>
      VIP
    </Link>
  );
}
