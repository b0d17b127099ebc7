import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDictionary } from './dictionary';
import { HANVIET_WORDS_PATH, PHRASES_DIR } from './hanviet/paths';
import { PhraseDictionary } from './phraseDictionary';
import { processCached } from './processCache';

/**
 * The built-in phrase list: every `.txt` file of server/convert/data/phrases in name order, in
 * the QuickTranslator `中文=nghĩa` format (a later file wins on a duplicate key).
 */
export function builtInPhrases(directory = PHRASES_DIR): PhraseDictionary {
  if (directory !== PHRASES_DIR) return readPhrases(directory);
  return processCached('builtInPhrases', () => readPhrases(directory));
}

function readPhrases(directory: string): PhraseDictionary {
  const dictionary = new PhraseDictionary();
  const files = readdirSync(directory).filter((file) => file.endsWith('.txt')).sort();
  for (const file of files) {
    const full = path.join(directory, file);
    parseDictionary(readFileSync(full, 'utf8'), dictionary, full);
  }
  return dictionary;
}

/** Hán-Việt readings of words whose characters have more than one (长老=trưởng lão, 银行=ngân hàng). */
export function builtInWordReadings(): PhraseDictionary {
  return processCached('builtInWordReadings', () => parseDictionary(readFileSync(HANVIET_WORDS_PATH, 'utf8'), new PhraseDictionary(), HANVIET_WORDS_PATH));
}
