import fs from 'node:fs';
import path from 'node:path';
import { siteSettings } from '../env';

let cached: { file: string; script: string | null } | null = null;

/**
 * The service worker of this build (`<distDir>/sw.js`, written by scripts/build-sw.ts after
 * `next build`); null when the build has none (`next dev`, or a build made without the launcher).
 * Read once per process: it changes only with a new build.
 */
export function serviceWorkerScript(distDir = siteSettings().distDir): string | null {
  const file = path.join(process.cwd(), distDir, 'sw.js');
  if (cached?.file !== file) {
    let script: string | null = null;
    try {
      script = fs.readFileSync(file, 'utf8');
    } catch {
      script = null;
    }
    cached = { file, script };
  }
  return cached.script;
}
