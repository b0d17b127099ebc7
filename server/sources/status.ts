import type { SourceStatus } from './types';

const COMPLETED_MARKERS = ['已完结', '已完本', '完结', '完本', '全本', '已完成', '完成'];
const ONGOING_MARKERS = ['连载中', '連載中', '连载', '連載', '更新中', '未完结'];

/**
 * Reads a Chinese status label (连载/连载中/更新中 → ongoing, 完结/完本/已完结/全本 → completed).
 * "未完结" contains "完结", so ongoing markers that negate completion are checked first.
 */
export function parseSourceStatus(label: string): SourceStatus | null {
  const text = label.replace(/\s+/g, '');
  if (text.includes('未完结') || text.includes('未完本')) return 'ongoing';
  if (COMPLETED_MARKERS.some((marker) => text.includes(marker))) return 'completed';
  if (ONGOING_MARKERS.some((marker) => text.includes(marker))) return 'ongoing';
  return null;
}
