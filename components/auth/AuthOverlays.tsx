import dynamic from 'next/dynamic';
import { useAuth } from '@/hooks/useAuth';
import { Notice } from './Notice';

// The dialog, and with it the Firebase SDK, loads only when a visitor opens it.
const SignInDialog = dynamic(() => import('./SignInDialog').then((m) => m.SignInDialog), { ssr: false });

/** The sign-in dialog and the account notice, from the state AuthProvider exposes. */
export function AuthOverlays() {
  const { dialog, notice, closeNotice } = useAuth();
  return (
    <>
      {dialog && <SignInDialog key={dialog} type={dialog} />}
      {notice && <Notice message={notice} onClose={closeNotice} />}
    </>
  );
}
