import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries from STYLE.md: client never imports server; shared imports neither; a client feature
// never imports another feature (pages compose them); shared UI and helpers never import a feature.
const group = (patterns, message) => ({ group: patterns, message });
const restrictImports = (...groups) => ['error', { patterns: groups }];

const CLIENT_NEVER_SERVER = group(['**/server/**'], 'The client may import shared/, never server/.');
const FEATURES = ['booking', 'chat', 'owner', 'profile', 'voice'];
const otherFeatures = (own) =>
  group(
    FEATURES.filter((name) => name !== own).flatMap((name) => [
      `@/features/${name}`,
      `@/features/${name}/**`,
      `**/features/${name}/**`,
      `../../${name}/**`,
      `../${name}/**`,
    ]),
    'A feature never imports another feature: compose them in pages/, or move what both need to components/ or lib/.',
  );
const NO_FEATURES = group(
  ['@/features/**', '@/pages/**', '**/features/**', '**/pages/**'],
  'components/ and lib/ are shared by every feature: they never import a feature or a page.',
);

// drizzle is the storage layer's tool: routes and services reach the database through server/storage.
const DRIZZLE = group(
  ['drizzle-orm', 'drizzle-orm/*'],
  'Only server/storage, server/db and shared/schema import drizzle-orm: call a storage function instead.',
);
const SHARED_NEVER_SIDES = group(
  ['**/server/**', '**/client/**', '@/*'],
  'shared/ is imported by both sides and imports neither.',
);

// Configuration is parsed once, with zod, in server/env.ts.
const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration from server/env.ts (parsed once with zod), not process.env.',
};
// A delete or update without a where clause rewrites the whole table. The query builders are
// always called on the connection (`db`) or a transaction (`tx`).
const DRIZZLE_WRITE = "CallExpression[callee.object.name=/^(db|tx)$/][callee.property.name=/^(delete|update)$/]";
const WHOLE_TABLE_WRITES = [
  {
    selector: `${DRIZZLE_WRITE}[callee.property.name='delete']:not(MemberExpression[property.name='where'] > CallExpression.object)`,
    message: 'db.delete() needs a .where(): without one it empties the table.',
  },
  {
    selector: `${DRIZZLE_WRITE}[callee.property.name='update']:not(MemberExpression[property.name='set'] > CallExpression.object)`,
    message: 'db.update() is followed by .set(...).where(...).',
  },
  {
    selector: `CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.callee.object.name=/^(db|tx)$/]:not(MemberExpression[property.name='where'] > CallExpression.object)`,
    message: 'db.update().set() needs a .where(): without one it rewrites every row.',
  },
];

// Imports run one way (STYLE.md). no-cycle follows imports through the TypeScript resolver, so
// the '@/' and '@shared/' aliases count; type-only imports have no runtime effect and are skipped.
// Routes reach the database through a service, never server/storage directly.
const IMPORT_DIRECTION = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { import: importPlugin },
  settings: {
    'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  },
  rules: {
    'import/no-cycle': 'error',
    'import/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: [
          {
            target: './server/routes',
            from: './server/storage',
            message: 'A route calls a service in server/services, which reaches server/storage.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'migrations', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  IMPORT_DIRECTION,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', PROCESS_ENV, ...WHOLE_TABLE_WRITES],
    },
  },
  // Promise rules need types: every TypeScript file is linted with the project's tsconfig.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // React's act() flushes a synchronous callback before it returns; its thenable needs no await.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'react' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Small modules (STYLE.md): a file says one thing, a function does one job. Counted without blank
  // lines and comments. Tests are left out: a describe block reads best whole.
  {
    files: [
      'server/**/*.ts',
      'client/**/*.{ts,tsx}',
      'shared/**/*.ts',
      'scripts/**/*.{ts,js,mjs}',
      'bench/**/*.ts',
      'eval/**/*.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'shared/**/*.ts', 'eval/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(DRIZZLE) },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictImports(CLIENT_NEVER_SERVER, DRIZZLE),
    },
  },
  ...FEATURES.map((name) => ({
    files: [`client/src/features/${name}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': restrictImports(CLIENT_NEVER_SERVER, DRIZZLE, otherFeatures(name)) },
  })),
  {
    files: ['client/src/components/**/*.{ts,tsx}', 'client/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports(CLIENT_NEVER_SERVER, DRIZZLE, NO_FEATURES) },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(SHARED_NEVER_SIDES, DRIZZLE) },
  },
  {
    files: ['server/storage/**/*.ts', 'server/db/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['shared/schema/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(SHARED_NEVER_SIDES) },
  },
  // process.env is honest where there is no app to configure: server/env.ts itself, the build and
  // start scripts, config files read by tools, benchmarks and the eval runner (they launch or
  // configure processes), and tests (they set up the environment the app is then started with).
  {
    files: [
      'server/env.ts',
      'scripts/**',
      'bench/**',
      'eval/index.ts',
      'tests/**',
      '*.config.{ts,js,mjs}',
    ],
    rules: { 'no-restricted-syntax': ['error', ...WHOLE_TABLE_WRITES] },
  },
);
