import { ChevronsLeft, ChevronsRight, LoaderCircle, Pause, Play, Rewind, FastForward, Settings2, X } from 'lucide-react';
import { useState } from 'react';
import type { Player } from '@/lib/player/player';
import type { PlayerState } from '@/lib/player/types';
import { PlayerOptions } from './PlayerOptions';

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/10 disabled:opacity-40 dark:hover:bg-white/10';

function statusText(state: PlayerState): string {
  const position = state.paragraphCount > 0 ? `đoạn ${Math.min(state.paragraph + 1, state.paragraphCount)}/${state.paragraphCount}` : '';
  switch (state.status) {
    case 'loading':
      return state.mode === 'audio' ? 'Đang tải bản đọc từ máy chủ…' : 'Đang chuẩn bị…';
    case 'playing':
      return `Đang đọc ${position}`;
    case 'paused':
      return `Tạm dừng ở ${position}`;
    case 'ended':
      return 'Đã đọc xong chương';
    default:
      return `Sẵn sàng, ${position}`;
  }
}

/** The listening player's controls; the player module does the work. */
export function PlayerControls({ player, state, hasPrev, hasNext }: { player: Player; state: PlayerState; hasPrev: boolean; hasNext: boolean }) {
  const [optionsOpen, setOptionsOpen] = useState(false);
  const active = state.status === 'playing' || state.status === 'loading';
  return (
    <section aria-label="Trình phát" className="rounded-2xl border border-ink/10 bg-paper-deep/95 p-2 shadow-lg backdrop-blur dark:border-night-line dark:bg-night-raised/95" data-testid="player">
      <div className="flex items-center justify-between gap-2 px-2 text-xs">
        <p aria-live="polite" aria-atomic="true" className="min-w-0 flex-1 truncate" data-testid="player-status" data-status={state.status} data-mode={state.mode}>
          {statusText(state)}
          {state.sleepEndsAt !== null && <span> · hẹn giờ tắt {new Date(state.sleepEndsAt).toLocaleTimeString('vi-VN', { hour: '2-digit', minute: '2-digit' })}</span>}
          {state.sleepChaptersLeft === 1 && <span> · dừng ở cuối chương</span>}
          {state.sleepChaptersLeft !== null && state.sleepChaptersLeft > 1 && <span> · dừng sau {state.sleepChaptersLeft} chương</span>}
        </p>
        <button type="button" className="rounded p-1 hover:bg-ink/10" onClick={() => player.stop()} aria-label="Dừng và đóng trình phát">
          <X aria-hidden className="size-4" />
        </button>
      </div>
      {state.notice && (
        <p role="status" className="px-2 pt-1 text-xs text-amber-800 dark:text-amber-300" data-testid="player-notice">
          {state.notice}
          {state.handoff && (
            <button type="button" className="ml-2 underline" onClick={() => player.useBrowserVoice()}>
              Đọc lại bằng giọng trình duyệt
            </button>
          )}
        </p>
      )}
      <div className="flex items-center justify-center gap-1">
        <button type="button" className={iconButton} onClick={player.previousChapter} disabled={!hasPrev} aria-label="Chương trước">
          <ChevronsLeft aria-hidden className="size-5" />
        </button>
        <button type="button" className={iconButton} onClick={player.previousParagraph} aria-label="Đoạn trước">
          <Rewind aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          className="inline-flex size-14 items-center justify-center rounded-full bg-brand text-white shadow hover:opacity-90"
          onClick={() => player.toggle()}
          aria-label={active ? 'Tạm dừng' : 'Phát'}
        >
          {state.status === 'loading' ? (
            <LoaderCircle aria-hidden className="size-6 animate-spin" />
          ) : active ? (
            <Pause aria-hidden className="size-6" />
          ) : (
            <Play aria-hidden className="size-6" />
          )}
        </button>
        <button type="button" className={iconButton} onClick={player.nextParagraph} aria-label="Đoạn sau">
          <FastForward aria-hidden className="size-5" />
        </button>
        <button type="button" className={iconButton} onClick={player.nextChapter} disabled={!hasNext} aria-label="Chương sau">
          <ChevronsRight aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={() => setOptionsOpen((open) => !open)}
          aria-expanded={optionsOpen}
          aria-controls="player-options"
          aria-label="Tùy chọn giọng đọc"
        >
          <Settings2 aria-hidden className="size-5" />
        </button>
      </div>
      {optionsOpen && <PlayerOptions player={player} state={state} />}
    </section>
  );
}
