import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

interface NavDropdownProps {
  label: string;
  open: boolean;
  onOpen: () => void;
  onToggle: () => void;
  children: ReactNode;
  panelClassName?: string;
}

/**
 * One header dropdown (a disclosure of links): opens on hover with a mouse, toggles on click or
 * Enter; the header keeps only one open and closes them all on Escape or when the pointer leaves.
 */
export function NavDropdown({ label, open, onOpen, onToggle, children, panelClassName = '' }: NavDropdownProps) {
  const panelId = useId();
  return (
    <div className="relative" onPointerEnter={(event) => event.pointerType === 'mouse' && onOpen()}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        data-menu-trigger
        className={`flex h-9 items-center gap-1 whitespace-nowrap rounded-full px-3 text-sm font-semibold hover:bg-ink/5 dark:hover:bg-white/10 ${open ? 'bg-ink/5 text-brand dark:bg-white/10 dark:text-brand-dark' : ''}`}
      >
        {label}
        <ChevronDown size={16} aria-hidden className={`transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={panelId} hidden={!open} className="absolute left-0 top-full z-50 pt-2" data-testid="nav-dropdown">
        <div className={`rounded-xl border border-ink/10 bg-paper p-2 shadow-xl dark:border-night-line dark:bg-night-raised ${panelClassName}`}>{children}</div>
      </div>
    </div>
  );
}
