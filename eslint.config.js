// ESLint over src/, test/ and bench/ (typescript-eslint strict-type-checked); part of `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.cache/',
      // Projects of their own (own dependencies, own tsconfig), checked by running them (test/examples.test.ts).
      'examples/',
      'coverage/',
      'src/spec/openapi-types.ts',
      'src/spec/admin-types.ts',
      'contracts/',
      // CommonJS stand-ins for packages left out of the command's bundle (scripts/bundle-bin.js).
      'scripts/bin-stubs/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The command line is the edge: only src/cli.ts reads argv and the environment, writes to the console or exits.
    // The test-runner entries are edges too (they read IDENTITY_MOCK_URL in the runner's process). The other
    // exceptions are build and development scripts, never loaded by the server.
    files: ['src/**/*.ts'],
    ignores: [
      'src/cli.ts',
      'src/vitest/**',
      'src/playwright/**',
      'src/spec/generate-types.ts',
      'src/console/build.ts',
      'src/console/ui/**',
    ],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': [
        'error',
        ...['argv', 'env', 'exit', 'exitCode'].map((property) => ({
          object: 'process',
          property,
          message: 'only src/cli.ts touches process.argv, env and exit (docs/running.md)',
        })),
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', URL: 'readonly', console: 'readonly' },
    },
  },
);
