import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/** Browser code, lowest layer first: each may import only from the layers below it. */
const LAYERS = ['lib', 'context', 'hooks', 'components', 'pages'];
const DOWNWARD_ONLY = 'Imports go downward only: pages → components → hooks → context → lib (see README, Architecture).';

const layerZones = LAYERS.slice(0, -1).map((layer, i) => ({
  target: `./${layer}`,
  from: LAYERS.slice(i + 1).map((above) => `./${above}`),
  message: DOWNWARD_ONLY,
}));

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'server/db/migrations/**', 'server/convert/data/*.generated.*'],
  },
  {
    // CommonJS configuration files read by tools that require() them.
    files: ['jest.config.js', 'next.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones,
            {
              target: './server',
              from: ['./pages', './components', './hooks', './context'],
              message: 'Server code never imports browser code; move what both need to lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server logs through pino only (server/logger.ts): one JSON line per event.
    files: ['server/**', 'instrumentation.ts', 'instrumentation-node.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Code the browser loads. Pages are left out: their API routes and data functions run on the
    // server only, and Next.js strips those imports from the browser bundle. Types are erased.
    files: ['components/**', 'hooks/**', 'context/**', 'lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/server', '@/server/*'],
              allowTypeImports: true,
              message: 'Browser code may not import server code (only its types); load data in the page or call the API.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
