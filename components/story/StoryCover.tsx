/** A story cover: the image when there is one, else a typographic cover generated from the title. */
const PALETTES = [
  ['#7c2d12', '#fed7aa'],
  ['#1e3a5f', '#bfdbfe'],
  ['#14532d', '#bbf7d0'],
  ['#4c1d95', '#ddd6fe'],
  ['#713f12', '#fde68a'],
  ['#831843', '#fbcfe8'],
  ['#134e4a', '#99f6e4'],
  ['#3f3f46', '#e4e4e7'],
];

function paletteFor(title: string): string[] {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTES[hash % PALETTES.length];
}

export function StoryCover({ title, cover, className = '' }: { title: string; cover: string | null; className?: string }) {
  if (cover) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- covers come from many hosts; sized by the frame
      <img src={cover} alt={`Bìa truyện ${title}`} loading="lazy" className={`aspect-[2/3] w-full rounded object-cover ${className}`} />
    );
  }
  const [background, foreground] = paletteFor(title);
  return (
    <div
      role="img"
      aria-label={`Bìa truyện ${title}`}
      className={`flex aspect-[2/3] w-full items-center justify-center overflow-hidden rounded p-2 text-center font-serif leading-tight ${className}`}
      style={{ background, color: foreground }}
    >
      <span className="line-clamp-5 text-[0.8rem] font-semibold sm:text-sm">{title}</span>
    </div>
  );
}
