/**
 * The profile menu of spec §2 (query value, label; /user?tab=<key>), the new-chapter
 * notifications, and the chapters downloaded for offline reading (which need no account).
 */
export const PROFILE_TABS = [
  { key: 'account', label: 'Hồ sơ' },
  { key: 'favorites', label: 'Tủ truyện' },
  { key: 'notifications', label: 'Thông báo' },
  { key: 'settings', label: 'Cài đặt' },
  { key: 'downloads', label: 'Truyện đã tải' },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]['key'];

export function profileTab(value: unknown): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.key === value)?.key ?? 'account';
}

export const profileHref = (tab: ProfileTab) => `/user?tab=${tab}`;
