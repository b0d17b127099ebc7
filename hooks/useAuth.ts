import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '@/context/AuthContext';

/** The visitor's account: status, profile, VIP, the sign-in dialog and sign-out. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AppProviders>');
  return value;
}
