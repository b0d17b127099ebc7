import { useEffect, useState } from 'react';
import { vipActive } from '@/lib/auth/vip';
import { useAuth } from './useAuth';

/** Longest delay setTimeout keeps (about 24.8 days); later expiries are re-checked then. */
const MAX_TIMER_MS = 2_147_483_647;

export interface VipState {
  /** 'unknown' until the stored session is restored; then 'member' or 'visitor'. */
  status: 'unknown' | 'member' | 'visitor';
  /** True while expireTime lies in the future (spec §4). */
  active: boolean;
  /** The reader's VIP expiry in unix seconds; null when signed out. */
  expireTime: number | null;
  signedIn: boolean;
}

/**
 * Is the current reader a member: the profile's expireTime in the future (spec §4). Re-renders at
 * the second the membership ends, so ads and the VIP link come back without a reload.
 */
export function useVip(): VipState {
  const { status, user } = useAuth();
  const expireTime = user?.expireTime ?? null;
  const [now, setNow] = useState(() => Date.now());
  const active = vipActive(expireTime, now);

  useEffect(() => {
    if (expireTime === null || !active) return;
    const delay = Math.min(expireTime * 1000 - Date.now() + 1, MAX_TIMER_MS);
    const timer = setTimeout(() => setNow(Date.now()), Math.max(delay, 0));
    return () => clearTimeout(timer);
  }, [expireTime, active, now]);

  const restoring = status === 'unknown' || status === 'restoring';
  return {
    status: restoring ? 'unknown' : active ? 'member' : 'visitor',
    active,
    expireTime,
    signedIn: status === 'signedIn',
  };
}
