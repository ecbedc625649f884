// Lint for the whole repository, run by `npm test`: typescript-eslint's recommended rules, React's
// rules of hooks for the web app, and for tests the rules that catch a test that cannot fail.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jest from 'eslint-plugin-jest';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'test-results/**', 'bench-results/**', 'web/public/**'],
  },
  // A disable comment that silences nothing fails the lint: each one left is needed.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused arguments named with a leading underscore are deliberate (an interface's shape).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // One owner per table: the services read and write tables through libs/db's owners (CachedVideos,
    // MemberHistory, Users, …), never through an entity of their own choosing.
    files: ['services/**/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@findclips/db',
              importNames: [
                'AnalysisEditEntity',
                'CachedYoutubeDataEntity',
                'GuestVideoAnalysisEntity',
                'QuoteEntity',
                'ScheduledPostEntity',
                'SharedAnalysisEntity',
                'UploadedTranscriptEntity',
                'UserEntity',
                'UserVideoAnalysisEntity',
                'VideoEntity',
                'XAccountEntity',
              ],
              allowTypeImports: true,
              message: 'Read and write the table through its owner in libs/db (one owner per table), not its entity.',
            },
          ],
        },
      ],
    },
  },
  {
    // Each workspace lists what its code and its tests import, so nothing works only because npm
    // hoisted another workspace's dependency (the root's test/ once read another major of a library
    // than the libraries did). Each file is held to its nearest package.json.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          includeTypes: true,
          // A devDependency only where no production process runs it: the Docker image prunes them
          // (the web app is built into files, so all of its packages are devDependencies).
          devDependencies: [
            'web/**',
            '**/*.spec.{ts,tsx}',
            '**/test/**',
            'bench/**',
            'libs/testing/**',
            'libs/*/scripts/**',
            '*.{js,mjs}',
            'web/vite.config.ts',
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks; the React Compiler's extra rules (v7's recommended set) are not adopted yet.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A test that cannot fail is a defect: an expectation not awaited (it may settle after the test
    // ended), a test that asserts nothing, a skipped or focused test, a `done` callback never called
    // on a failure. (A stranger's audit found none today; these keep it so, for 2-3 s of lint.)
    files: ['**/*.spec.{ts,tsx}', 'test/**/*.ts'],
    plugins: { jest },
    languageOptions: { globals: jest.environments.globals.globals },
    rules: {
      'jest/valid-expect': ['error', { alwaysAwait: true }],
      // Our assertions: expect, helpers named expect…, supertest's .expect(status), and poll.
      'jest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', '**.expect', 'poll'] }],
      'jest/no-disabled-tests': 'error',
      'jest/no-focused-tests': 'error',
      'jest/no-done-callback': 'error',
      'jest/no-identical-title': 'error',
      'jest/valid-title': 'error',
    },
  },
  {
    // CommonJS configuration and test environments load modules with require().
    files: ['**/*.{js,cjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
