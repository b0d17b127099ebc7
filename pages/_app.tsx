import '@/styles/fonts.css';
import '@/styles/globals.css';
import type { NextPage } from 'next';
import type { AppProps } from 'next/app';
import { ThemeProvider } from 'next-themes';
import { Layout, type PageLayout } from '@/components/layout/Layout';
import { useEndOfFirstHydration } from '@/components/ui/StaticIsland';
import { VipAdFree } from '@/components/vip/VipAdFree';
import { AppProviders } from '@/context/AppProviders';
import { DEFAULT_THEME, STORAGE_KEYS } from '@/lib/constants';
import type { SiteSettings } from '@/lib/types';

type PageWithLayout = NextPage & { layout?: PageLayout };

export default function App({ Component, pageProps }: AppProps<{ settings?: SiteSettings }>) {
  const { layout } = Component as PageWithLayout;
  useEndOfFirstHydration();
  return (
    // The theme is applied before paint by _document's hashed script; next-themes' own inline
    // script (library code the CSP cannot hash reliably) is kept inert.
    <ThemeProvider
      attribute="class"
      defaultTheme={DEFAULT_THEME}
      enableSystem={false}
      storageKey={STORAGE_KEYS.theme}
      disableTransitionOnChange
      scriptProps={{ type: 'application/json' }}
    >
      <AppProviders>
        <VipAdFree>
          <Layout options={layout} settings={pageProps.settings}>
            <Component {...pageProps} />
          </Layout>
        </VipAdFree>
      </AppProviders>
    </ThemeProvider>
  );
}
