/**
 * What the converter builds once per process (jieba, the built-in lists, the Hán-Việt table,
 * OpenCC, the operator's dictionaries), kept on globalThis: Next.js may load these modules once
 * per bundle (instrumentation, each route), and what the start-up load and warm-up built must
 * serve them all.
 */
const store = globalThis as typeof globalThis & { __truyenConvert?: Map<string, unknown> };

export function processCached<T>(key: string, build: () => T): T {
  store.__truyenConvert ??= new Map();
  if (!store.__truyenConvert.has(key)) store.__truyenConvert.set(key, build());
  return store.__truyenConvert.get(key) as T;
}
