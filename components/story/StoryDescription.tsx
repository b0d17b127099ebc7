import { useState } from 'react';

/** Long descriptions collapse to a few lines, with "Xem thêm". */
const COLLAPSE_AFTER_CHARS = 480;

export function StoryDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const paragraphs = text.split('\n').map((line) => line.trim()).filter(Boolean);
  if (paragraphs.length === 0) return <p className="text-ink-soft dark:text-neutral-400">Chưa có giới thiệu.</p>;
  const long = text.length > COLLAPSE_AFTER_CHARS;
  return (
    <div>
      <div id="story-description" className={`space-y-2 leading-relaxed ${long && !expanded ? 'line-clamp-6' : ''}`}>
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {long && (
        <button type="button" className="mt-1 text-sm font-semibold text-brand hover:underline dark:text-brand-dark" aria-expanded={expanded} aria-controls="story-description" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Thu gọn' : 'Xem thêm'}
        </button>
      )}
    </div>
  );
}
