import { ImportError } from './errors';
import { validateImportedStory, type ImportedStory } from './schema';
import { jsonErrorOffset } from './jsonSyntax';
import { decodeUtf8 } from './text';

/** Line and column (1-based) of a character offset. */
function position(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `dòng ${line}, cột ${column}`;
}


/**
 * Parses a JSON story of exactly the ImportedStory shape:
 * { title, author, description?, status?: 'ongoing'|'completed', genres?: string[], cover?, slug?,
 *   chapters: [{ title, content }] } — invalid fields are reported as `field path: message`.
 */
export function parseJsonStory(bytes: Uint8Array, source = 'JSON'): ImportedStory {
  const text = decodeUtf8(bytes, source);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const offset = jsonErrorOffset(text);
    const where = offset >= 0 ? position(text, offset) : 'không rõ vị trí';
    throw new ImportError(`${source}: JSON sai cú pháp tại ${where}: ${error.message}`);
  }
  return validateImportedStory(data, source);
}
