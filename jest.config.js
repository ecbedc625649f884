/** @type {import('jest').Config} */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: !tsx, tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
const moduleNameMapper = {
  '^@findclips/exports/(.*)$': '<rootDir>/libs/exports/src/$1',
  '^@findclips/(.*)$': '<rootDir>/libs/$1/src',
};

module.exports = {
  // Three on this machine's two cores: many suites wait on real clocks (Google's 10 s, Socket.IO's
  // reconnections, services starting). With two workers the cores sat idle 28% of a run (vmstat)
  // and it took 753 s; with three, 11-14% idle and 525-604 s.
  maxWorkers: 3,
  testSequencer: '<rootDir>/test/sequencer.js',
  // A global option (Jest ignores it inside a project): integration tests wait on real servers.
  testTimeout: 30_000,
  projects: [
    {
      // Services, libs, cross-service and browser tests: real PostgreSQL and Redis.
      displayName: 'server',
      testEnvironment: '<rootDir>/test/node-environment.js',
      roots: ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/test', '<rootDir>/web'],
      testMatch: ['**/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
      // marked ships only ES modules: swc turns it into CommonJS like our own code.
      transform: { '^.+\\.ts$': swc(false), '/node_modules/marked/.+\\.js$': swc(false) },
      transformIgnorePatterns: ['/node_modules/(?!marked/)'],
      moduleNameMapper,
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
    },
    {
      // Web components in jsdom with Testing Library.
      displayName: 'web',
      testEnvironment: '<rootDir>/test/jsdom-environment.js',
      roots: ['<rootDir>/web/src'],
      testMatch: ['**/*.spec.tsx'],
      transform: { '^.+\\.tsx?$': swc(true) },
      moduleNameMapper: { ...moduleNameMapper, '\\.css$': '<rootDir>/web/src/test/empty.js' },
      setupFilesAfterEnv: ['<rootDir>/web/src/test/setup.ts'],
    },
  ],
};
