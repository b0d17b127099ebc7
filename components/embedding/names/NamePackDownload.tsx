import { Download } from 'lucide-react';
import type { StoryNames } from '@/lib/api/embedding';
import { formatNamePack, namePackFileName } from '@/lib/namePack';
import { SECONDARY_BUTTON } from './ui';

/**
 * "Tải về bộ tên": the story's shared names and the reader's own (which win) as a QuickTranslator
 * Names file, made in the browser.
 */
export function NamePackDownload({ data, slug }: { data: StoryNames; slug: string }) {
  const empty = Object.keys(data.names).length + Object.keys(data.mine).length === 0;
  const download = () => {
    const blob = new Blob([formatNamePack(data.names, data.mine)], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = namePackFileName(slug);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <button type="button" className={SECONDARY_BUTTON} onClick={download} disabled={empty} title={empty ? 'Truyện chưa có tên nào để tải về.' : undefined}>
      <Download aria-hidden className="size-4" /> Tải về bộ tên
    </button>
  );
}
