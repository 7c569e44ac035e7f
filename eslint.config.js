// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import globals from 'globals';

/**
 * Import rules of DESIGN.md §1, enforced with the built-in `no-restricted-imports`:
 * - core imports nothing of ours; contracts imports only core (and zod);
 * - server and web import core and contracts, never each other;
 * - in web, a feature never imports another feature (app/ composes them).
 */

const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noApps = [
  {
    group: ['@visus/server', '@visus/server/*', '@visus/web', '@visus/web/*'],
    message: 'Apps never import each other (DESIGN.md §1).',
  },
  { group: ['**/apps/*', '**/apps/**'], message: 'Packages and apps import only through package names.' },
];

/** In web, anything outside the current folder is imported through `@/` so feature boundaries are visible. */
const webPatterns = [
  { group: ['@visus/server', '@visus/server/*', '**/server/src/**'], message: 'web never imports server.' },
  {
    group: ['../*', '../**'],
    message: 'Import through the @/ alias (e.g. @/lib/...) so the feature rules can see it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@visus/*'], message: 'core imports nothing of ours (DESIGN.md §1).' },
            {
              group: ['node:*', 'fs', 'path', 'react', 'react-dom'],
              message: 'core is pure: no IO, no DOM.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'core has no DOM.' },
        { name: 'document', message: 'core has no DOM.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Pass an rng into core.' },
        { object: 'Date', property: 'now', message: 'Pass `now` into core.' },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@visus/*', '!@visus/core'],
              message: 'contracts imports only core and zod (DESIGN.md §1).',
            },
            ...noApps,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@visus/web', '@visus/web/*', '**/web/src/**'], message: 'server never imports web.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A lazily injected slice adds itself to lib/store/root-reducer.ts's LazyLoadedSlices by declaration
      // merging, `interface LazyLoadedSlices extends WithSlice<typeof slice> {}` (RTK's pattern).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: webPatterns,
        },
      ],
      // A loading placeholder is named through components/loading-placeholder.tsx: a name on a bare
      // Skeleton (a span) or on a busy Stack or Box (a div) is a name on the generic role, which ARIA
      // forbids (axe: aria-prohibited-attr).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Skeleton'] > JSXAttribute[name.name=/^aria-label/]",
          message: 'Name a loading skeleton with LoadingPlaceholder (@/components/loading-placeholder).',
        },
        {
          selector:
            "JSXOpeningElement[name.name=/^(Stack|Box)$/]:has(> JSXAttribute[name.name='aria-busy']):has(> JSXAttribute[name.name=/^aria-label/]):not(:has(> JSXAttribute[name.name='role']))",
          message: 'A busy, named placeholder is a LoadingPlaceholder (@/components/loading-placeholder).',
        },
      ],
    },
  },
  // No import cycles (issue 15) in the code that ships: a circle makes a module run before what it imports
  // is initialised, and ties layers together that should sit one above the other. Imports resolve with the
  // tsconfig that includes the file (web's `@/` alias; @visus/* through the workspace's node_modules links);
  // one settings object for all, so that a module reached from several areas (core) is parsed only once.
  // import-x/no-cycle skips type-only imports (hard-coded, no option); the store's type-level circle
  // (app/store ↔ slices) is kept away by the layer rule below (lib/ and the store import no app/ or feature).
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      // Our workspace packages are followed like our own files; the rest of node_modules is not (below).
      'import-x/internal-regex': '^@visus/',
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/core/tsconfig.json',
            'packages/contracts/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    // A library never imports our code back, so no circle runs through node_modules: not following it
    // there (MUI, React, …) makes the rule several times faster.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Layers (DESIGN.md §8, issue 15): lib/ and components/ are shared code below app/ and features/, and
  // the store and its typed hooks are imported by features; so none of these imports app/ or a feature,
  // type imports included (the check above does not see those). A lazily injected slice registers its
  // type in lib/store/root-reducer.ts's LazyLoadedSlices by declaration merging. Tests may build the store.
  {
    files: ['apps/web/src/{lib,components}/**/*.{ts,tsx}', 'apps/web/src/app/{store,hooks}.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              group: ['@/app', '@/app/**', '@/features', '@/features/**'],
              message:
                'lib/, components/ and the store import neither app/ nor features/ (DESIGN.md §8); a lazy slice adds itself to lib/store/root-reducer.ts.',
            },
          ],
        },
      ],
    },
  },
  // Feature isolation: a file in features/X may not import features/Y. One block per feature so the
  // rule can name the forbidden siblings precisely.
  // Every folder of features/ is a feature, so a new one is isolated without anyone listing it.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              group: [
                '**/features/*',
                '**/features/*/**',
                `!**/features/${feature}`,
                `!**/features/${feature}/**`,
              ],
              message: 'A feature never imports another feature; compose them in app/ (DESIGN.md §1).',
            },
          ],
        },
      ],
    },
  })),
);
