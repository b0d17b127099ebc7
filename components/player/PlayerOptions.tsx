import dynamic from 'next/dynamic';
import { useState } from 'react';
import { PAUSE_CHOICES } from '@/lib/player/pauses';
import { SERVER_VOICE, serverVoiceOption, type Player } from '@/lib/player/player';
import { SERVER_VOICES } from '@/lib/player/serverVoices';
import { describeSleep } from '@/lib/player/storage';
import { PITCH, RATE, SLEEP_CHOICES, type PlayerState, type SleepChoice } from '@/lib/player/types';

const field = 'flex items-center justify-between gap-3 text-sm';
const select = 'min-h-10 max-w-[60%] rounded-md border border-ink/20 bg-paper px-2 dark:border-night-line dark:bg-night';

const ReplacementsPanel = dynamic(() => import('./ReplacementsPanel').then((module) => module.ReplacementsPanel), {
  ssr: false,
  loading: () => <p className="px-2 text-sm opacity-70">Đang tải…</p>,
});

const describePause = (seconds: number) => (seconds === 0 ? 'Không' : `${seconds.toLocaleString('vi-VN')} giây`);

/** Voice, speed, pitch, pauses, sleep timer, automatic next chapter, the background voice and the replacements. */
export function PlayerOptions({ player, state }: { player: Player; state: PlayerState }) {
  const [replacementsOpen, setReplacementsOpen] = useState(false);
  const serverValue = state.serverVoice ? serverVoiceOption(state.serverVoice) : SERVER_VOICE;
  const voiceValue = state.mode === 'audio' ? serverValue : (state.voiceUri ?? '');
  return (
    <div id="player-options" className="max-h-[60dvh] space-y-3 overflow-y-auto overscroll-contain border-t border-ink/10 px-2 pt-3 pb-1 dark:border-night-line">
      <label className={field}>
        <span>Giọng đọc</span>
        <select className={select} value={voiceValue} onChange={(event) => player.setVoice(event.target.value || null)}>
          {state.voices.length > 0 && <option value="">Tự động: {state.voices[0].name}</option>}
          {state.voices.map((voice) => (
            <option key={voice.uri} value={voice.uri}>
              {voice.name} ({voice.lang})
            </option>
          ))}
          <option value={SERVER_VOICE}>Bản đọc từ máy chủ</option>
          {SERVER_VOICES.map((voice) => (
            <option key={voice.id} value={serverVoiceOption(voice.id)}>
              Máy chủ · {voice.name}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        <span>Tốc độ {state.rate.toFixed(1)}×</span>
        <input
          type="range"
          min={RATE.min}
          max={RATE.max}
          step={RATE.step}
          value={state.rate}
          onChange={(event) => player.setRate(Number(event.target.value))}
          className="w-1/2 accent-brand"
          aria-valuetext={`${state.rate.toFixed(1)} lần`}
        />
      </label>
      {state.mode === 'speech' && (
        <label className={field}>
          <span>Cao độ {state.pitch.toFixed(1)}</span>
          <input
            type="range"
            min={PITCH.min}
            max={PITCH.max}
            step={PITCH.step}
            value={state.pitch}
            onChange={(event) => player.setPitch(Number(event.target.value))}
            className="w-1/2 accent-brand"
          />
        </label>
      )}
      <label className={field}>
        <span>Hẹn giờ tắt</span>
        <select
          className={select}
          value={String(state.sleep)}
          onChange={(event) => {
            const value = event.target.value;
            player.setSleep((value === 'off' || value === 'chapter' || value.startsWith('chapters:') ? value : Number(value)) as SleepChoice);
          }}
        >
          {SLEEP_CHOICES.map((choice) => (
            <option key={String(choice)} value={String(choice)}>
              {describeSleep(choice)}
            </option>
          ))}
        </select>
      </label>
      {(['sentence', 'paragraph'] as const).map((kind) => (
        <label key={kind} className={field}>
          <span>{kind === 'sentence' ? 'Nghỉ sau mỗi câu' : 'Nghỉ sau mỗi đoạn'}</span>
          <select
            className={select}
            value={String(kind === 'sentence' ? state.sentencePause : state.paragraphPause)}
            onChange={(event) => player.setPauses({ [kind]: Number(event.target.value) })}
          >
            {PAUSE_CHOICES.map((seconds) => (
              <option key={seconds} value={String(seconds)}>
                {describePause(seconds)}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className={field}>
        <span>Tự chuyển chương</span>
        <input type="checkbox" checked={state.autoNext} onChange={(event) => player.setAutoNext(event.target.checked)} className="size-5 accent-brand" />
      </label>
      <label className={field}>
        <span>Khi tắt màn hình: tiếp tục bằng giọng máy chủ</span>
        <input type="checkbox" checked={state.backgroundServer} onChange={(event) => player.setBackgroundServer(event.target.checked)} className="size-5 shrink-0 accent-brand" />
      </label>
      <button
        type="button"
        className="min-h-10 w-full rounded-md border border-ink/20 px-3 text-left text-sm hover:bg-ink/5 dark:border-night-line dark:hover:bg-white/5"
        aria-expanded={replacementsOpen}
        onClick={() => setReplacementsOpen((open) => !open)}
      >
        Thay thế khi đọc…
      </button>
      {replacementsOpen && state.storyId && <ReplacementsPanel player={player} storyId={state.storyId} />}
    </div>
  );
}
