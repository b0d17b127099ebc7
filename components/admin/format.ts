import type { ReportStatus, ReportTargetType } from '@/lib/api/admin';
import { REPORT_REASONS, type ReportReason } from '@/lib/reports';
import { formatVietnamTime } from '@/lib/vietnamTime';

/** Labels and formats of the operator console, in Vietnamese. */

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  new: 'Mới',
  in_progress: 'Đang xử lý',
  resolved: 'Đã xử lý',
  rejected: 'Từ chối',
};

export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = {
  comment: 'Bình luận',
  review: 'Đánh giá',
  story: 'Truyện',
  copyright: 'Bản quyền',
};

/** The reasons as the reader picked them in the report dialog. */
export const REPORT_REASON_LABELS = Object.fromEntries(REPORT_REASONS.map((reason) => [reason.key, reason.name])) as Record<ReportReason, string>;

export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: 'Chờ thanh toán',
  paid: 'Đã thanh toán',
  cancelled: 'Đã hủy',
  failed: 'Thất bại',
};

/** How an entry of a story's shared names list became shared. */
export const NAME_SOURCE_LABELS: Record<string, string> = { operator: 'Quản trị viên', readers: 'Độc giả đề xuất', migrated: 'Chuyển từ danh sách cũ' };

export const ROLE_LABELS: Record<string, string> = { admin: 'Quản trị viên', reader: 'Độc giả' };

/** Audit actions, as the service names them; an unknown action is shown as written. */
const ACTION_LABELS: Record<string, string> = {
  'role.grant': 'Cấp quyền quản trị',
  'role.revoke': 'Thu hồi quyền quản trị',
  'report.update': 'Cập nhật báo cáo',
  'comment.hide': 'Ẩn bình luận',
  'comment.restore': 'Hiện lại bình luận',
  'review.hide': 'Ẩn đánh giá',
  'review.restore': 'Hiện lại đánh giá',
  'user.mute': 'Khóa viết',
  'user.unmute': 'Mở khóa viết',
  'story.update': 'Sửa truyện',
  'story.hide': 'Ẩn truyện',
  'story.unhide': 'Hiện lại truyện',
  'story.remove': 'Gỡ truyện',
  'story.lift': 'Bỏ lệnh gỡ truyện',
  'story.import': 'Nhập truyện',
  'story.approve': 'Cho phép lập chỉ mục',
  'story.unapprove': 'Thôi lập chỉ mục',
  'vip.grant': 'Cấp VIP',
  'dictionary.load': 'Nạp từ điển',
  'names.accept': 'Chấp nhận tên dùng chung',
  'names.reject': 'Từ chối đề xuất tên',
  'names.lock': 'Khóa tên dùng chung',
  'names.unlock': 'Mở khóa tên dùng chung',
  'names.remove': 'Gỡ tên dùng chung',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** A label from a table, or the raw value when the table does not know it. */
export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** "26/11/2026 14:05", Vietnam's time; "—" for no time. Takes milliseconds since the epoch. */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms <= 0) return '—';
  return formatVietnamTime(new Date(ms));
}

const NUMBER = new Intl.NumberFormat('vi-VN');

export const formatNumber = (value: number) => NUMBER.format(value);

/** "120.000 ₫". */
export const formatVnd = (value: number) => `${NUMBER.format(value)} ₫`;

/** "2026-11-26" → "26/11". */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return month && date ? `${date}/${month}` : day;
}

/** The VIP state of an account from its expiry in unix seconds. */
export function vipState(expireTimeSeconds: number, now = Date.now()): { active: boolean; label: string } {
  if (!expireTimeSeconds || expireTimeSeconds * 1000 <= now) return { active: false, label: expireTimeSeconds ? `Hết hạn ${formatDateTime(expireTimeSeconds * 1000)}` : 'Chưa có VIP' };
  return { active: true, label: `VIP đến ${formatDateTime(expireTimeSeconds * 1000)}` };
}

/** Whether a mute still holds. */
export const muteActive = (mute: { until: number } | null | undefined, now = Date.now()) => Boolean(mute && mute.until > now);

/** A before/after value of the audit log as readable text. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
