/** "5 phút trước", "3 ngày trước"… relative to `now`, in Vietnamese. */
export function timeAgo(time: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  const steps: [number, string][] = [
    [60, 'giây'],
    [60, 'phút'],
    [24, 'giờ'],
    [30, 'ngày'],
    [12, 'tháng'],
  ];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (value < size) return unit === 'giây' ? 'vừa xong' : `${value} ${unit} trước`;
    value = Math.floor(value / size);
  }
  return `${value} năm trước`;
}
