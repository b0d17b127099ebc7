import type { ReactNode } from 'react';
import { AuthProvider } from './AuthContext';
import { ReadingsProvider } from './ReadingsContext';

/** App-wide client state providers (readings, then auth, which drives them), composed once for _app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ReadingsProvider>
      <AuthProvider>{children}</AuthProvider>
    </ReadingsProvider>
  );
}
