import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTurbopackChunkGroupBootstrap, type BuildManifest } from 'next/dist/server/get-page-files';
import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape';
import { FIRST_PAINT_SCRIPT } from '@/lib/firstPaintScript';
import { siteSettings } from '../env';

/**
 * The inline scripts a page of this build may carry, as CSP hashes: our theme script, and the
 * bootstrap script Next.js inlines in each page of a Turbopack production build (its content
 * depends only on the build manifest and the page, so every ISR render of a page repeats it).
 * Built with Next's own functions, so the hashes follow what the document renders.
 */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function bootstrapScripts(manifest: Pick<BuildManifest, 'pagesChunkGroupBootstrapParams' | 'chunkLoadingGlobal'>): string[] {
  const params = manifest.pagesChunkGroupBootstrapParams;
  const global = manifest.chunkLoadingGlobal;
  if (!params || !global) return [];
  const scripts = new Set<string>();
  for (const page of Object.keys(params)) {
    const text = getTurbopackChunkGroupBootstrap(params, global, ['/_app', page]);
    if (text) scripts.add(htmlEscapeJsonString(text));
  }
  return [...scripts];
}

function readManifest(distDir: string): BuildManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(process.cwd(), distDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

let cached: string[] | undefined;

/** The hashes of every inline script of this build (read once per process). */
export function inlineScriptHashes(distDir = siteSettings().distDir): string[] {
  if (!cached) {
    const manifest = readManifest(distDir);
    cached = [FIRST_PAINT_SCRIPT, ...(manifest ? bootstrapScripts(manifest) : [])].map(cspHash);
  }
  return cached;
}
