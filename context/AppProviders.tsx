import type { ReactNode } from 'react';

/** App-wide client state providers (auth, readings), composed once for _app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
