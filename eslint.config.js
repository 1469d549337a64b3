import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// The files a phone's start (/login, /Sell, /Store/Home, /Driver/Home, /Vendor/Home) loads before its page shows.
const START_FILES = {
  dataLayer: ['apps/web/src/{lib,data}/**/*.{ts,tsx}'],
  shared: ['apps/web/src/config/**/*.{ts,tsx}', 'apps/web/src/components/{layouts,page,page-states,status,errors,guards,providers}/**/*.{ts,tsx}'],
  app: [
    'apps/web/src/app/*.{ts,tsx}',
    'apps/web/src/app/routes/{store,driver,vendor}/layout.tsx',
    'apps/web/src/app/routes/{store,driver}/home.tsx',
    'apps/web/src/app/routes/vendor/home/**/*.tsx',
    'apps/web/src/app/routes/auth/**/*.tsx',
    'apps/web/src/app/routes/public/**/*.tsx',
    'apps/web/src/features/sell/**/*.{ts,tsx}',
  ],
};
const notAtStart = (name, why) => ({ name, allowTypeImports: true, message: `Not in what a phone's start loads (decision 076): ${why}` });
const NOT_AT_START = [
  notAtStart('@mui/material/Tooltip', "MUI's Tooltip sets state from its child's ref as the page mounts; use the element's title, or load it lazily."),
  notAtStart('@mui/material/Tabs', "MUI's Tabs measures the page after every render; use components/tabs/tab-bar."),
  notAtStart('@mui/material/ToggleButtonGroup', 'use components/toggle-choice.'),
  notAtStart('@mui/material/Autocomplete', "MUI's Autocomplete reads its box's size while rendering; load it lazily with the page that needs it."),
  notAtStart('@mui/material', "the barrel file pulls every MUI component in: import '@mui/material/<Component>'."),
  notAtStart('zod', "zod's schemas cost a phone's start (decision 045); validate in the form's own lazy chunk."),
  notAtStart('@mui/x-charts', 'the charts load with the page that draws them.'),
];
const DATA_LAYER = [
  { regex: '(^|/)lib/api-client$', allowTypeImports: true, message: 'Only src/data calls the API: use or add a fetcher or hook in @/data/<resource>.' },
  { regex: '(^|/)lib/download-file$', importNames: ['downloadFile', 'openPdf'], message: 'Only src/data calls the API: use or add a fetcher or hook in @/data/<resource>.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Hooks follow React's rules (and the React Compiler's): missing effect dependencies,
    // state set during render or in effects, refs read while rendering.
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // Modules that import each other load in an order nobody chose; a cycle is an error.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/shared/tsconfig.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web app talks to the API over HTTP only.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@app/api', '@app/api/*', '**/apps/api/**'], message: 'The web app never imports the API; share through @app/shared.' }] }],
    },
  },
  {
    // Web features do not import each other nor the app; app/routes composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@app/api', '@app/api/*', '**/apps/api/**'], message: 'The web app never imports the API; share through @app/shared.' },
        { regex: '^@/(features|app)/', message: 'Features do not import each other or the app: move shared code to src/components or src/lib.' },
        { regex: '^\\.\\./\\.\\./', message: 'Features do not import each other: use @/components or @/lib.' },
      ] }],
    },
  },
  {
    // Shared web code serves every feature and knows none of them.
    files: ['apps/web/src/{components,lib,config,locales}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@app/api', '@app/api/*', '**/apps/api/**'], message: 'The web app never imports the API; share through @app/shared.' },
        { regex: '^@/(features|app)/', message: 'src/components, src/lib and src/config do not depend on features or the app.' },
      ] }],
    },
  },
  {
    // API features do not import each other; app.ts composes them.
    files: ['apps/api/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.)', message: 'Features do not import each other: move shared code to src/ (db, auth, http) or @app/shared.' }] }],
    },
  },
  {
    // One data layer (design.md section 22): only src/data and src/lib reach the API, so every key and invalidation has one home.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/data/**', 'apps/web/src/lib/**', 'apps/web/src/test/**', 'apps/web/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: DATA_LAYER }],
    },
  },
  {
    // No Intl object at module load: the first one loads ICU's data, 15-23 ms of a phone's start (decision 055); make it in the function that needs it.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "NewExpression[callee.object.name='Intl']:not(:function NewExpression)", message: "No Intl object at module load (decision 055): make it inside the function that uses it (cached after the first call), or use @app/shared/format." },
        { selector: "CallExpression[callee.object.name='Intl']:not(:function CallExpression)", message: "No Intl object at module load (decision 055): make it inside the function that uses it (cached after the first call), or use @app/shared/format." },
      ],
    },
  },
  {
    // What a phone's start loads (decision 076): none of MUI's components that measure the page
    // or set state from a ref while it starts, and no zod (045); the build's size check holds
    // the same for what these import in turn (apps/web/scripts/check-bundle-size.mjs). These
    // blocks come last and repeat the data layer's rule where it applies, since the last block
    // naming a rule sets it for a file.
    files: START_FILES.dataLayer,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: NOT_AT_START }] },
  },
  {
    files: START_FILES.shared,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: NOT_AT_START, patterns: DATA_LAYER }] },
  },
  {
    files: START_FILES.app,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: NOT_AT_START, patterns: DATA_LAYER }] },
  },
);
