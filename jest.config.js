const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: './' });

const shared = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
};

/**
 * Unit tests: lib/, components, hooks and pure server logic. Integration: API handlers on a real
 * database. Cluster: two production servers against one database.
 */
module.exports = async () => {
  const unit = await createJestConfig({
    ...shared,
    displayName: 'unit',
    testEnvironment: 'jest-fixed-jsdom',
    testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts?(x)'],
    setupFilesAfterEnv: ['<rootDir>/__tests__/setup/unit.ts'],
  })();
  const integration = await createJestConfig({
    ...shared,
    displayName: 'integration',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/__tests__/integration/**/*.test.ts'],
    setupFilesAfterEnv: ['<rootDir>/__tests__/setup/integration.ts'],
  })();
  // Several production servers of one build against one database (after `npm run build`).
  const cluster = await createJestConfig({
    ...shared,
    displayName: 'cluster',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/__tests__/cluster/**/*.test.ts'],
    setupFilesAfterEnv: ['<rootDir>/__tests__/setup/integration.ts'],
  })();
  return { projects: [unit, integration, cluster] };
};
