/**
 * The app icons of the web app manifest, drawn from our own artwork (public/icon.svg) at every
 * size the platforms ask for: `any` icons with the artwork's rounded square, and `maskable` ones
 * on a full-bleed brand background (Android crops
 * them to its own shape). Run `tsx scripts/build-icons.ts` after changing the artwork; the PNGs
 * are committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
export const MASKABLE_SIZES = [192, 512] as const;
const BRAND = '#b4461f';

async function main(): Promise<void> {
  const root = process.cwd();
  const svg = fs.readFileSync(path.join(root, 'public/icon.svg'));
  const outDir = path.join(root, 'public/icons');
  fs.mkdirSync(outDir, { recursive: true });
  for (const size of ICON_SIZES) {
    await sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(outDir, `icon-${size}.png`));
  }
  for (const size of MASKABLE_SIZES) {
    // The book and headphones take the middle 44 % of the artwork, inside Android's safe zone (a
    // circle of 80 %); the brand background fills the rounded corners.
    const artwork = await sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size).png().toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
      .composite([{ input: artwork, gravity: 'center' }])
      .png({ compressionLevel: 9 })
      .toFile(path.join(outDir, `maskable-${size}.png`));
  }
  console.log(`Icons written to public/icons (${ICON_SIZES.length} sizes, ${MASKABLE_SIZES.length} maskable).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
