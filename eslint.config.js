import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Classic zod's methods bring all of zod to the browser; zod/mini leaves out what is not used.
const browserZod = { name: 'zod', message: "Browser code imports 'zod/mini'." }

export default tseslint.config(
  {
    ignores: [
      '**/.output/',
      '**/.nitro/',
      '**/.tanstack/',
      'node_modules/',
      'src/routeTree.gen.ts',
      'bench/bare/src/routeTree.gen.ts',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The browser must never import server-only code.
    files: ['src/components/**', 'src/lib/**', 'src/features/**/*.ts', 'src/features/**/*.tsx'],
    // Server functions, their middleware and server modules run on the server (the build gives
    // the browser generated stubs of server functions and strips middleware's server part).
    ignores: [
      'src/features/**/*.server.ts',
      'src/features/**/*.functions.ts',
      'src/features/auth/require-permission.ts',
      'src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [browserZod],
          patterns: [{ group: ['~/server/*', '**/*.server'], message: 'Server-only module.' }],
        },
      ],
    },
  },
  {
    files: ['src/routes/**/*.tsx', 'app.config.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [browserZod] }] },
  },
)
