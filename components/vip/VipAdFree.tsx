import type { ReactNode } from 'react';
import { AdFreeContext } from '@/components/layout/Ads';
import { useVip } from '@/hooks/useVip';

/**
 * Tells the layout's ads that this reader sees none: members, and anyone until the session is
 * known, so a member never sees an ad flash in while their profile loads. Wrap the layout in it.
 */
export function VipAdFree({ children }: { children: ReactNode }) {
  const { status } = useVip();
  return <AdFreeContext.Provider value={status !== 'visitor'}>{children}</AdFreeContext.Provider>;
}
