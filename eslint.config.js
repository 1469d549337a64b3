import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

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
);
