import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The production site process (server/site/main.ts) as one file of plain Node, built with the
 * site by `npm run build`: packages stay in node_modules, the project's own modules are bundled.
 * Run under tsx instead, every module load would go through its loader and every Error would be
 * source-mapped.
 */
export const SITE_SERVER_FILE = 'site-server.js';

export function siteServerPath(distDir: string, cwd = process.cwd()): string {
  return path.resolve(cwd, distDir, SITE_SERVER_FILE);
}

export async function buildSiteServer(distDir: string, cwd = process.cwd()): Promise<string> {
  const outfile = siteServerPath(distDir, cwd);
  await build({
    entryPoints: [path.join(cwd, 'server/site/main.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    tsconfig: path.join(cwd, 'tsconfig.json'),
    logLevel: 'warning',
  });
  return outfile;
}

/** The built site process, or null when this checkout has no production build yet. */
export function builtSiteServer(distDir: string, cwd = process.cwd()): string | null {
  const file = siteServerPath(distDir, cwd);
  return fs.existsSync(file) && fs.existsSync(path.resolve(cwd, distDir, 'BUILD_ID')) ? file : null;
}
