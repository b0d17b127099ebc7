import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

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
    },
  },
];

export default config;
