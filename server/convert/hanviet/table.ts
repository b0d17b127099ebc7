import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { HANVIET_BUILD_SCRIPT, HANVIET_GENERATED_PATH } from './paths';

let cached: ReadonlyMap<string, string> | undefined;

/**
 * Generates the table in a child process. The generator reads Unihan through sql.js, which
 * only initialises asynchronously; a child keeps this loader (and so the converter) synchronous.
 */
function generateSynchronously(outputPath: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', HANVIET_BUILD_SCRIPT, outputPath], {
    cwd: process.cwd(),
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  });
}

/**
 * Reads a generated table; when the file is missing (a fresh clone on which no install or build
 * step has run yet) it is generated first.
 */
export function loadHanVietTable(generatedPath: string): Map<string, string> {
  if (!existsSync(generatedPath)) generateSynchronously(generatedPath);
  const parsed = JSON.parse(readFileSync(generatedPath, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(parsed));
}

/** Character → Hán-Việt reading, loaded once per process. */
export function hanVietTable(): ReadonlyMap<string, string> {
  cached ??= loadHanVietTable(HANVIET_GENERATED_PATH);
  return cached;
}

/** The Hán-Việt reading of one character (a full code point), if known. */
export function hanVietReading(character: string): string | undefined {
  return hanVietTable().get(character);
}
