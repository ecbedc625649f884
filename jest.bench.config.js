/** `npm run bench`: benchmarks that print figures (no assertions on time), one at a time. */
const base = require('./jest.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/bench'],
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  maxWorkers: 1,
  testTimeout: 600_000,
};
