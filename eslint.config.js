// Type-aware linting for every package (typescript-eslint strict + stylistic, type-checked).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Operations are applied and saved only inside @cipherspace/sync (rebase.ts, push.ts): the app and
// the CLI call its functions and never a tool's apply, nor reach into the engine's files.
const ENGINE_ONLY =
  'Operations are applied and saved only inside @cipherspace/sync (rebase.ts, push.ts)';
const TOOL_OBJECT = '/^(domain|definition|tool|tools)$/i';
const SYNC_INTERNALS = {
  regex: '(^|/)sync/src/',
  message: `${ENGINE_ONLY}: import what its index exports from '@cipherspace/sync'.`,
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/web/src/paraglide/**',
      'packages/web/e2e/**/*.mjs',
      'packages/web/scripts/**',
      'scripts/**',
      '**/drizzle/**',
      'data/**',
      '**/*.config.ts',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Arrow shorthands that return void calls read fine; and `x as T` is preferred over `!`.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Outside the engine (tests aside): no tool's apply or applyWith — `domain.apply(…)`,
    // `this.domain.apply`, `tools.kanban.apply`, `getTool(name).apply` — nor its files.
    files: ['packages/web/src/**/*.{ts,tsx}', 'packages/cli/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'packages/web/e2e/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `MemberExpression[property.name=/^apply(With)?$/][object.name=${TOOL_OBJECT}]`,
          `MemberExpression[property.name=/^apply(With)?$/][object.property.name=${TOOL_OBJECT}]`,
          `MemberExpression[property.name=/^apply(With)?$/][object.object.name=/^tools$/i]`,
          `MemberExpression[property.name=/^apply(With)?$/][object.callee.name='getTool']`,
        ].map((selector) => ({
          selector,
          message: `${ENGINE_ONLY}: use applyAll or the SyncClient of '@cipherspace/sync'.`,
        })),
      ],
      'no-restricted-imports': ['error', { patterns: [SYNC_INTERNALS] }],
    },
  },
  {
    // Feature folders stay independent (packages/web README): a feature may use lib/,
    // components/ and tools/ (and @cipherspace/tools), but never another feature's files.
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/|(^|/)features/',
              message:
                'Features do not import each other; move shared code to src/lib or src/components.',
            },
            // Repeated: this block's no-restricted-imports replaces the one above for features.
            SYNC_INTERNALS,
          ],
        },
      ],
    },
  },
  {
    // Tests may use non-null-free but looser patterns for fixtures.
    files: ['**/*.test.ts', '**/testing/**', '**/testing.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
