import dynamic from 'next/dynamic';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AccountProfile, AuthDialogType, AuthStatus, SessionResult } from '@/lib/auth/types';
import { vipActive } from '@/lib/auth/vip';
import { STORAGE_KEYS } from '@/lib/constants';
import { readToken } from '@/lib/storage';
import { useReadings } from '@/hooks/useReadings';
import { Notice, type NoticeMessage } from '@/components/auth/Notice';

// The dialog, and with it the Firebase SDK, loads only when a visitor opens it.
const SignInDialog = dynamic(() => import('@/components/auth/SignInDialog').then((m) => m.SignInDialog), { ssr: false });

export interface AuthContextValue {
  status: AuthStatus;
  user: AccountProfile | null;
  /** VIP is active: expireTime (seconds) lies in the future (spec §4). */
  vipActive: boolean;
  dialog: AuthDialogType | null;
  openSignIn: (type?: AuthDialogType) => void;
  closeSignIn: () => void;
  /** For the dialog: a session began (spec §4: store, sync, close). */
  acceptSession: (session: SessionResult) => void;
  setProfile: (profile: AccountProfile) => void;
  signOut: () => Promise<void>;
  /** A short message at the bottom of the screen (role=status). */
  notify: (message: NoticeMessage) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

const loadSession = () => import('@/lib/auth/session');

export function AuthProvider({ children }: { children: ReactNode }) {
  const { applySession } = useReadings();
  const [status, setStatus] = useState<AuthStatus>('unknown');
  const [user, setUser] = useState<AccountProfile | null>(null);
  const [dialog, setDialog] = useState<AuthDialogType | null>(null);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);

  const watchToken = useCallback(() => {
    stopWatching.current?.();
    void loadSession()
      .then((session) => session.keepTokenFresh())
      .then((stop) => (stopWatching.current = stop))
      .catch((error: unknown) => console.error('keepTokenFresh:', error));
  }, []);

  const acceptSession = useCallback(
    (session: SessionResult) => {
      setUser(session.profile);
      setStatus('signedIn');
      setDialog(null);
      applySession({ email: session.profile.email, bookmarks: session.bookmarks });
      watchToken();
    },
    [applySession, watchToken],
  );

  const signedOut = useCallback(() => {
    stopWatching.current?.();
    stopWatching.current = null;
    setUser(null);
    setStatus('signedOut');
    applySession(null);
  }, [applySession]);

  useEffect(() => {
    if (!readToken()) {
      // Storage is read after hydration on purpose, so the server's render matches the first one.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setStatus('signedOut');
      return;
    }
    setStatus('restoring');
    loadSession()
      .then((session) => session.restoreSession())
      .then((session) => (session ? acceptSession(session) : signedOut()))
      .catch((error: unknown) => {
        console.error('restoreSession:', error);
        signedOut();
      });
  }, [acceptSession, signedOut]);

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.tokenApi && !event.newValue && status === 'signedIn') signedOut();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [status, signedOut]);

  const closeNotice = useCallback(() => setNotice(null), []);

  const signOut = useCallback(async () => {
    signedOut();
    await (await loadSession()).endSession();
  }, [signedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      vipActive: vipActive(user?.expireTime),
      dialog,
      openSignIn: (type = 'login') => setDialog(type),
      closeSignIn: () => setDialog(null),
      acceptSession,
      setProfile: setUser,
      signOut,
      notify: setNotice,
    }),
    [status, user, dialog, acceptSession, signOut],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {dialog && <SignInDialog key={dialog} type={dialog} />}
      {notice && <Notice message={notice} onClose={closeNotice} />}
    </AuthContext.Provider>
  );
}
