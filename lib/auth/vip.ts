/** VIP is active while expireTime (unix seconds) lies in the future (spec §4); absent is inactive. */
export function vipActive(expireTime: number | null | undefined, nowMs = Date.now()): boolean {
  return typeof expireTime === 'number' && expireTime > Math.floor(nowMs / 1000);
}

/** The expiry as a Vietnamese date and time, e.g. "14:05 20/11/2026". */
export function formatExpiry(expireTime: number): string {
  return new Intl.DateTimeFormat('vi-VN', { hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(expireTime * 1000),
  );
}
