import type { GetServerSideProps } from 'next';
import { serviceWorkerScript } from '@/server/offline/serviceWorkerScript';

/** /sw.js — the service worker of this build (offline reading and listening); 404 in development. */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const script = serviceWorkerScript();
  if (!script) return { notFound: true };
  res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
  // Browsers must see a new version at once; the worker itself decides when it takes over.
  res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
  res.setHeader('Service-Worker-Allowed', '/');
  res.end(script);
  return { props: {} };
};

export default function ServiceWorkerScript() {
  return null;
}
