import type { LoadedDictionary } from '@/lib/api/admin';
import { convertChinese } from '../../convert/engine';
import { dictionariesReady } from '../../convert/operatorDictionaries';
import { parseConvertEnv } from '../../env';
import { HttpError } from '../../http/errors';

/**
 * The console's view of the converter's dictionaries. What the process loaded from the files its
 * configuration names (CONVERT_VIETPHRASE_FILES, CONVERT_NAMES_FILES, CONVERT_QT_DIR), and a
 * sentence converted with them. Uploading a file from the console needs a loader in
 * server/convert that installs a dictionary into the running converter; there is none yet, so an
 * upload is answered 501 and says so.
 */

export const UPLOAD_UNAVAILABLE = 'Chưa thể nạp từ điển từ bảng quản trị: bộ chuyển đổi chưa có chức năng nạp tệp khi đang chạy. Hãy đặt tệp vào CONVERT_QT_DIR (hoặc CONVERT_VIETPHRASE_FILES, CONVERT_NAMES_FILES) rồi khởi động lại trang.';

export async function loadedDictionaries() {
  const config = parseConvertEnv(process.env);
  const dictionaries = await dictionariesReady();
  const source = (files: readonly string[]) => [...files, ...(config.CONVERT_QT_DIR ? [config.CONVERT_QT_DIR] : [])].join(', ');
  const sizes: [LoadedDictionary['kind'], number, string][] = [
    ['names', dictionaries.names.size, source(config.CONVERT_NAMES_FILES)],
    ['vietphrase', dictionaries.vietPhrase.size, source(config.CONVERT_VIETPHRASE_FILES)],
    ['pronouns', dictionaries.pronouns?.size ?? 0, config.CONVERT_QT_DIR ?? ''],
    ['luatnhan', dictionaries.luatNhan?.size ?? 0, config.CONVERT_QT_DIR ?? ''],
    ['ignored', dictionaries.ignored?.length ?? 0, config.CONVERT_QT_DIR ?? ''],
    ['phienam', dictionaries.phienAm?.size ?? 0, config.CONVERT_QT_DIR ?? ''],
  ];
  const loaded: LoadedDictionary[] = sizes
    .filter(([, entries]) => entries > 0)
    .map(([kind, entries, file]) => ({ kind, file, entries, skipped: null, firstSkipped: null }));
  return {
    loaded,
    configured: { vietPhrase: config.CONVERT_VIETPHRASE_FILES, names: config.CONVERT_NAMES_FILES, qtDir: config.CONVERT_QT_DIR ?? null },
    uploads: false,
  };
}

/** A sentence converted as a chapter would be now. */
export async function tryConversion(text: string): Promise<string> {
  await dictionariesReady();
  return convertChinese(text);
}

export function refuseUpload(): never {
  throw new HttpError(501, UPLOAD_UNAVAILABLE);
}
