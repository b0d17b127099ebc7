import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseEpub } from './epub';
import { ImportError } from './errors';
import { parseJsonStory } from './json';
import type { ImportedStory } from './schema';
import { parseTxt } from './txt';

export { ImportError } from './errors';
export { ZImportedStory, type ImportedChapter, type ImportedStory, type ImportedStoryInput } from './schema';

/** Largest import file read into memory. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

const PARSERS: Record<string, (bytes: Uint8Array, source: string) => ImportedStory | Promise<ImportedStory>> = {
  '.txt': parseTxt,
  '.epub': parseEpub,
  '.json': parseJsonStory,
};

/** Reads a story file, choosing the parser by extension (.txt, .epub, .json). Throws ImportError. */
export async function parseImportFile(filePath: string): Promise<ImportedStory> {
  const source = path.basename(filePath);
  const extension = path.extname(filePath).toLowerCase();
  const parser = PARSERS[extension];
  if (!parser) {
    throw new ImportError(`${source}: định dạng '${extension || '(không có đuôi)'}' không được hỗ trợ; dùng .txt, .epub hoặc .json`);
  }
  let size: number;
  try {
    const info = await stat(filePath);
    if (!info.isFile()) throw new ImportError(`${filePath}: không phải là tệp`);
    size = info.size;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${filePath}: không đọc được tệp (${error instanceof Error ? error.message : String(error)})`);
  }
  if (size > MAX_IMPORT_BYTES) {
    throw new ImportError(`${source}: tệp ${size} byte vượt giới hạn ${MAX_IMPORT_BYTES} byte`);
  }
  const bytes = new Uint8Array(await readFile(filePath));
  return parser(bytes, source);
}
