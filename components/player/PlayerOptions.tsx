import { SERVER_VOICE, serverVoiceOption, type Player } from '@/lib/player/player';
import { SERVER_VOICES } from '@/lib/player/serverVoices';
import { describeSleep } from '@/lib/player/storage';
import { PITCH, RATE, SLEEP_CHOICES, type PlayerState, type SleepChoice } from '@/lib/player/types';

const field = 'flex items-center justify-between gap-3 text-sm';
const select = 'min-h-10 max-w-[60%] rounded-md border border-ink/20 bg-paper px-2 dark:border-night-line dark:bg-night';

/** Voice, speed, pitch, sleep timer and automatic next chapter. */
export function PlayerOptions({ player, state }: { player: Player; state: PlayerState }) {
  const serverValue = state.serverVoice ? serverVoiceOption(state.serverVoice) : SERVER_VOICE;
  const voiceValue = state.mode === 'audio' ? serverValue : (state.voiceUri ?? '');
  return (
    <div id="player-options" className="space-y-3 border-t border-ink/10 px-2 pt-3 pb-1 dark:border-night-line">
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
            player.setSleep((value === 'off' || value === 'chapter' ? value : Number(value)) as SleepChoice);
          }}
        >
          {SLEEP_CHOICES.map((choice) => (
            <option key={String(choice)} value={String(choice)}>
              {describeSleep(choice)}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        <span>Tự chuyển chương</span>
        <input type="checkbox" checked={state.autoNext} onChange={(event) => player.setAutoNext(event.target.checked)} className="size-5 accent-brand" />
      </label>
    </div>
  );
}
