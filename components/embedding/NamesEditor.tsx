import { ChevronDown, Languages, Loader2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';

function PanelLoading() {
  return (
    <p className="inline-flex items-center gap-2 text-sm text-ink-soft dark:text-neutral-400">
      <Loader2 aria-hidden className="size-4 animate-spin" /> Đang tải danh sách tên…
    </p>
  );
}

// The panel (the lists, the name packs and the API client) loads when the section opens,
// keeping it out of the story page's first load.
const NamesPanel = dynamic(() => import('./names/NamesPanel').then((module) => module.NamesPanel), { ssr: false, loading: PanelLoading });

/**
 * "Sửa tên riêng" on an embedded story's page: the story's shared names with how many readers use
 * each, the reader's own list (signed in), proposals for the shared list and name packs.
 * Collapsed until opened.
 */
export function NamesEditor({ storyId, slug }: { storyId: string; slug?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-xl border border-ink/10 bg-white/60 dark:border-night-line dark:bg-night-raised"
      data-testid="names-editor"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 font-bold [&::-webkit-details-marker]:hidden">
        <Languages aria-hidden className="size-5 text-brand dark:text-brand-dark" />
        Sửa tên riêng
        <ChevronDown aria-hidden className="ml-auto size-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-ink/10 px-4 py-4 dark:border-night-line">{open && <NamesPanel storyId={storyId} slug={slug ?? `truyen-${storyId}`} />}</div>
    </details>
  );
}
