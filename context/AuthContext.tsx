import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AccountProfile, AuthDialogType, AuthStatus, NoticeMessage, SessionResult } from '@/lib/auth/types';
import { vipActive } from '@/lib/auth/vip';
import { STORAGE_KEYS } from '@/lib/constants';
import { readToken } from '@/lib/storage';
import { ReadingsContext } from './ReadingsContext';

export interface AuthContextValue {
  status: AuthStatus;
  user: AccountProfile | null;
  /** VIP is active: expireTime (seconds) lies in the future (spec §4). */
  vipActive: boolean;
  /** The sign-in dialog to show (mounted by the layout, components/auth/AuthOverlays.tsx). */
  dialog: AuthDialogType | null;
  openSignIn: (type?: AuthDialogType) => void;
  closeSignIn: () => void;
  /** For the dialog: a session began (spec §4: store, sync, close). */
  acceptSession: (session: SessionResult) => void;
  setProfile: (profile: AccountProfile) => void;
  signOut: () => Promise<void>;
  /** A short message at the bottom of the screen (role=status), shown by the layout. */
  notify: (message: NoticeMessage) => void;
  notice: NoticeMessage | null;
  closeNotice: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

const loadSession = () => import('@/lib/auth/session');

/** Signing in and out drives the readings (bookmarks, the reader's email), so it sits inside them. */
function useApplySession() {
  const readings = useContext(ReadingsContext);
  if (!readings) throw new Error('AuthProvider must be inside ReadingsProvider (see AppProviders)');
  return readings.applySession;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const applySession = useApplySession();
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
      notice,
      closeNotice,
    }),
    [status, user, dialog, notice, acceptSession, signOut, closeNotice],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
