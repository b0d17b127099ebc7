import type { VipOrderStatus } from '@/lib/api/vip';

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('vi-VN', {
  hour: '2-digit',
  minute: '2-digit',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** A price in VND as Vietnamese readers write it: "49.000 ₫". */
export function formatVnd(amount: number): string {
  return vnd.format(amount);
}

/** A moment (ms) in Vietnam time, e.g. "14:05 20/11/2026", the same on server and browser. */
export function formatDateTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

/** A plan's length in words: "30 ngày", "3 tháng", "1 năm". */
export function formatDays(days: number): string {
  if (days % 365 === 0) return `${days / 365} năm`;
  if (days % 30 === 0) return `${days / 30} tháng`;
  return `${days} ngày`;
}

export const ORDER_STATUS_LABELS: Record<VipOrderStatus, string> = {
  pending: 'Chờ thanh toán',
  paid: 'Đã thanh toán',
  cancelled: 'Đã hủy',
  failed: 'Không thành công',
};
