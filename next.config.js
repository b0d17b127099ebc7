/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Lets several servers of one checkout (tests, benchmarks) keep separate build outputs.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // ISR pages send `s-maxage=<revalidate>, stale-while-revalidate=<expireTime - revalidate>`: a CDN
  // may serve a page up to a day old while it fetches a fresh one (README, "Behind a CDN").
  expireTime: 86_400,
  // msw's ESM-only dependencies, compiled for jest through next/jest.
  transpilePackages: ['msw', '@mswjs/interceptors', 'rettime', 'until-async', '@open-draft/deferred-promise'],
  serverExternalPackages: ['pino', 'pg', 'firebase-admin', '@node-rs/jieba', 'impit'],
  // /bang-xep-hang?sort=…&page=… is served from a cached page per ranking and page; malformed
  // queries fall through to the server-rendered route, which redirects them.
  async rewrites() {
    const sort = { type: 'query', key: 'sort', value: '(?<sort>[a-z_]{1,20})' };
    const page = { type: 'query', key: 'page', value: '(?<page>[1-9][0-9]{0,3})' };
    const noSort = { type: 'query', key: 'sort' };
    const noPage = { type: 'query', key: 'page' };
    return {
      beforeFiles: [
        { source: '/bang-xep-hang', has: [sort, page], destination: '/bang-xep-hang/:sort/:page' },
        { source: '/bang-xep-hang', has: [sort], missing: [noPage], destination: '/bang-xep-hang/:sort/1' },
        { source: '/bang-xep-hang', has: [page], missing: [noSort], destination: '/bang-xep-hang/hot/:page' },
        { source: '/bang-xep-hang', missing: [noSort, noPage], destination: '/bang-xep-hang/hot/1' },
      ],
    };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
      {
        // Icons and the manifest keep their names across builds: cached a day, revalidated after.
        source: '/:file(favicon\\.ico|icon\\.svg|apple-touch-icon\\.png|site\\.webmanifest)',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=86400, stale-while-revalidate=604800' }],
      },
      {
        source: '/icons/:file*',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=86400, stale-while-revalidate=604800' }],
      },
    ];
  },
};

module.exports = nextConfig;
