import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries from STYLE.md: client never imports server; shared imports neither.
const forbid = (patterns, message) => [
  'error',
  { patterns: patterns.map((group) => ({ group: [group], message })) },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'migrations', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': forbid(['**/server/**'], 'The client may import shared/, never server/.'),
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['**/server/**', '**/client/**', '@/*'],
        'shared/ is imported by both sides and imports neither.',
      ),
    },
  },
);
