/** `npm run bench`: benchmarks that print figures (no assertions on time), one at a time. */
const base = require('./jest.config');

// The server project's set-up (node, real PostgreSQL and Redis), over bench/ only.
const { displayName: _name, roots: _roots, testMatch: _match, ...server } = base.projects.find((p) => p.displayName === 'server');

module.exports = {
  ...server,
  rootDir: __dirname,
  roots: ['<rootDir>/bench'],
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  maxWorkers: 1,
  testTimeout: 600_000,
};
