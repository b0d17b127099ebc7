const number = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });

/** A size in bytes as Vietnamese readers write it: "850 KB", "1,2 MB", "3,4 GB". */
export function formatBytes(bytes: number): string {
  const value = Math.max(0, bytes);
  if (value < 1024) return `${Math.round(value)} B`;
  if (value < 1024 ** 2) return `${Math.round(value / 1024)} KB`;
  if (value < 1024 ** 3) return `${number.format(value / 1024 ** 2)} MB`;
  return `${number.format(value / 1024 ** 3)} GB`;
}
