/** A story cover: the image when there is one, else a typographic cover generated from the title. */
const PALETTES = [
  ['#7c2d12', '#b45309', '#fed7aa'],
  ['#1e3a5f', '#1d4ed8', '#bfdbfe'],
  ['#14532d', '#15803d', '#bbf7d0'],
  ['#4c1d95', '#6d28d9', '#ddd6fe'],
  ['#713f12', '#a16207', '#fde68a'],
  ['#831843', '#be185d', '#fbcfe8'],
  ['#134e4a', '#0f766e', '#99f6e4'],
  ['#3f3f46', '#52525b', '#e4e4e7'],
];

function paletteFor(title: string): string[] {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTES[hash % PALETTES.length];
}

interface StoryCoverProps {
  title: string;
  cover: string | null;
  author?: string;
  className?: string;
  /** Decorative where the title is printed next to it (the cover then has no accessible name). */
  decorative?: boolean;
}

export function StoryCover({ title, cover, author, className = '', decorative = false }: StoryCoverProps) {
  const label = decorative ? undefined : `Bìa truyện ${title}`;
  if (cover) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- covers come from many hosts; sized by the frame
      <img src={cover} alt={label ?? ''} loading="lazy" decoding="async" className={`aspect-[2/3] w-full rounded object-cover ${className}`} />
    );
  }
  const [deep, light, text] = paletteFor(title);
  return (
    <div
      role={decorative ? 'presentation' : 'img'}
      aria-label={label}
      className={`flex aspect-[2/3] w-full flex-col items-center justify-between overflow-hidden rounded p-2 text-center font-serif leading-tight ${className}`}
      style={{ background: `linear-gradient(160deg, ${light} 0%, ${deep} 70%)`, color: text }}
    >
      <span className="mt-1 h-px w-1/2 opacity-60" style={{ background: text }} aria-hidden />
      <span className="line-clamp-5 text-[0.8rem] font-semibold sm:text-sm" aria-hidden>
        {title}
      </span>
      <span className="mb-0.5 line-clamp-1 text-[0.6rem] opacity-80" aria-hidden>
        {author ?? ''}
      </span>
    </div>
  );
}
