import path from 'node:path';

/** Data files of the convert engine, resolved from the project root (the working directory of every entry point). */
export const CONVERT_DATA_DIR = path.join(process.cwd(), 'server', 'convert', 'data');

export const HANVIET_SUPPLEMENT_PATH = path.join(CONVERT_DATA_DIR, 'hanviet-supplement.txt');
export const HANVIET_GENERATED_PATH = path.join(CONVERT_DATA_DIR, 'hanviet.generated.json');
export const HANVIET_WORDS_PATH = path.join(CONVERT_DATA_DIR, 'hanviet-words.txt');
export const PHRASES_DIR = path.join(CONVERT_DATA_DIR, 'phrases');
/** Beside the table: the command that wrote it, its inputs' versions and checksums, its own checksum. */
export const HANVIET_SOURCE_PATH = path.join(CONVERT_DATA_DIR, 'hanviet.generated.source.json');
export const HANVIET_GENERATE_COMMAND = 'npm run hanviet:generate';
