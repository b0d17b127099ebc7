import Link from 'next/link';
import { CHAPTER_OPTIONS, SORT_OPTIONS } from '@/lib/constants';
import { chaptersUrl, genreUrl, rankingUrl } from '@/lib/routes';
import type { Genre } from '@/lib/types';
import { Spinner } from '@/components/ui/Spinner';

/** Genre links with the fire marker on hot genres (all but one, spec §3). */
export function GenreLinks({ genres, onNavigate, className = '' }: { genres: Genre[] | undefined; onNavigate?: () => void; className?: string }) {
  if (!genres) return <Spinner label="Đang tải thể loại…" />;
  return (
    <ul className={className}>
      {genres.map((genre) => (
        <li key={genre._id}>
          <Link prefetch={false} href={genreUrl(genre.name)} className="menu-link" onClick={onNavigate}>
            <span className="truncate">{genre.name}</span>
            {genre.hot && <span role="img" aria-label="hot" className="hot-flame text-orange-600 dark:text-orange-400" />}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function RankingLinks({ onNavigate, className = '' }: { onNavigate?: () => void; className?: string }) {
  return (
    <ul className={className}>
      {SORT_OPTIONS.map((option) => (
        <li key={option.key}>
          <Link prefetch={false} href={rankingUrl(option.key)} className="menu-link" onClick={onNavigate}>
            {option.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ChapterLinks({ onNavigate, className = '' }: { onNavigate?: () => void; className?: string }) {
  return (
    <ul className={className}>
      {CHAPTER_OPTIONS.map((option) => (
        <li key={option.key}>
          <Link prefetch={false} href={chaptersUrl(option.key)} className="menu-link" onClick={onNavigate}>
            {option.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
