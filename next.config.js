/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Lets several servers of one checkout (tests, benchmarks) keep separate build outputs.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // msw's ESM-only dependencies, compiled for jest through next/jest.
  transpilePackages: ['msw', '@mswjs/interceptors', 'rettime', 'until-async', '@open-draft/deferred-promise'],
  serverExternalPackages: ['pino', 'pg', 'firebase-admin', '@node-rs/jieba', 'impit'],
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
    ];
  },
};

module.exports = nextConfig;
