import { Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';

/** While the listening player is open (hooks/usePlayerStackMark.ts), the switch sits above it. */
const ABOVE_PLAYER = '[html[data-player-open]_&]:bottom-[calc(var(--player-stack-height)+0.75rem)]';

/**
 * The light/dark switch, fixed at the bottom-right (spec §2); `raised` lifts it above the
 * bottom bars of story and chapter pages, and it moves above the listening player while that is
 * open. The icons swap by CSS, so the server HTML matches.
 */
export function ThemeToggle({ raised = false }: { raised?: boolean }) {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <button
      type="button"
      onClick={() => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark')}
      aria-label="Đổi giao diện sáng/tối"
      title="Đổi giao diện sáng/tối"
      data-testid="theme-toggle"
      className={`fixed right-4 z-40 grid h-11 w-11 place-items-center rounded-full border border-ink/15 bg-paper text-ink shadow-lg transition-[bottom] hover:text-brand dark:border-night-line dark:bg-night-raised dark:text-neutral-100 dark:hover:text-brand-dark ${
        raised ? 'bottom-24' : 'bottom-4'
      } ${ABOVE_PLAYER}`}
    >
      <Moon size={20} className="dark:hidden" aria-hidden />
      <Sun size={20} className="hidden dark:block" aria-hidden />
    </button>
  );
}
