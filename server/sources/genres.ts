/** Vietnamese genre for texts that name none of ours. */
export const OTHER_GENRE = 'Khác';

/** Chinese genre keywords and the Vietnamese genre each stands for, checked in this order. */
const GENRE_KEYWORDS: ReadonlyArray<readonly [string, string]> = [
  ['玄幻', 'Huyền Huyễn'],
  ['仙侠', 'Tiên Hiệp'],
  ['修真', 'Tiên Hiệp'],
  ['修仙', 'Tiên Hiệp'],
  ['武侠', 'Kiếm Hiệp'],
  ['都市', 'Đô Thị'],
  ['言情', 'Ngôn Tình'],
  ['历史', 'Lịch Sử'],
  ['军事', 'Quân Sự'],
  ['科幻', 'Khoa Huyễn'],
  ['网游', 'Võng Du'],
  ['游戏', 'Võng Du'],
  ['灵异', 'Linh Dị'],
  ['悬疑', 'Linh Dị'],
  ['穿越', 'Xuyên Không'],
  ['重生', 'Trọng Sinh'],
  ['系统', 'Hệ Thống'],
  ['末世', 'Mạt Thế'],
  ['同人', 'Đồng Nhân'],
  ['耽美', 'Đam Mỹ'],
  ['奇幻', 'Dị Giới'],
  ['异能', 'Dị Năng'],
  ['推理', 'Trinh Thám'],
  ['侦探', 'Trinh Thám'],
  ['宫斗', 'Cung Đấu'],
  ['宅斗', 'Gia Đấu'],
  ['种田', 'Điền Văn'],
  ['古代', 'Cổ Đại'],
  ['现代', 'Hiện Đại'],
  ['轻小说', 'Light Novel'],
];

/**
 * Our genres for one Chinese genre label. Site labels are often compound ("修真武侠",
 * "玄幻魔法"), so every keyword the label contains counts; none gives "Khác".
 */
export function mapGenre(label: string): string[] {
  const found = GENRE_KEYWORDS.filter(([keyword]) => label.includes(keyword)).map(([, name]) => name);
  return found.length ? [...new Set(found)] : [OTHER_GENRE];
}

/** Our genres for a story's Chinese labels, without duplicates; "Khác" only when nothing matched. */
export function mapGenres(labels: readonly string[]): string[] {
  const names = new Set(labels.flatMap((label) => mapGenre(label)));
  if (names.size > 1) names.delete(OTHER_GENRE);
  return names.size ? [...names] : [OTHER_GENRE];
}
