import { Flag } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { ReportSubject } from './ReportDialog';

// The dialog and the API client load when a reader first presses "Báo cáo" (DESIGN §3a).
const ReportDialog = dynamic(() => import('./ReportDialog').then((module) => module.ReportDialog), { ssr: false });

interface Props {
  subject: ReportSubject;
  className?: string;
  /** The icon's size in pixels. */
  iconSize?: number;
}

/** "Báo cáo" on a comment, a review or a story: opens the report dialog. */
export function ReportButton({ subject, className = '', iconSize = 14 }: Props) {
  const [open, setOpen] = useState(false);
  // Each opening starts a new report (a fresh form).
  const [opening, setOpening] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        aria-label={`Báo cáo ${subject.label}`}
        className={className}
      >
        <Flag size={iconSize} aria-hidden />
        Báo cáo
      </button>
      {opening > 0 && <ReportDialog key={opening} subject={subject} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
