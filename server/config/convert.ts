import { z } from 'zod';
import { blank, parseSection, type SettingsSource } from './read';

const ZPathList = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((path) => path.trim()).filter(Boolean));

const ZConvertEnv = z.object({
  /** The operator's VietPhrase files, comma-separated. */
  CONVERT_VIETPHRASE_FILES: ZPathList,
  /** The operator's Names files, comma-separated. */
  CONVERT_NAMES_FILES: ZPathList,
  /** A QuickTranslator folder (Names2, Names, VietPhrase, LuatNhan, Pronouns, IgnoredChinesePhrases, ChinesePhienAmWords). */
  CONVERT_QT_DIR: z.string().optional().transform((value) => blank(value)?.trim()),
});
export type ConvertEnv = z.infer<typeof ZConvertEnv>;

/**
 * The convert dictionaries alone, for the converter: it also runs where the rest of the
 * configuration is not needed (npm run convert).
 */
export function parseConvertEnv(source: SettingsSource): ConvertEnv {
  return parseSection(ZConvertEnv, source);
}
