import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Where the type-aware rules apply.
const TYPE_AWARE_FILES = [
  'gateway/src/**/*.ts',
  'packages/**/src/**/*.ts',
  'web/src/**/*.{ts,tsx}',
  'services/*/src/**/*.ts',
];

// The import rules every file keeps. ESLint applies only the last matching no-restricted-imports
// config to a file, so each layer's rule below is built by restrictedImports(its own patterns), which
// adds these instead of repeating them.
const BASE_PATTERNS = [
  {
    group: ['kafkajs'],
    message:
      'Use the Bus from @spa/kit (services/kit/src/events/kafka.ts and topic-reader.ts are the only kafkajs users).',
  },
  {
    group: ['**/services/*/src/**', '../../*/src/**'],
    message: 'One service never imports another service; share through @spa/kit or @spa/proto.',
  },
];

/** A layer's import rule: the repo-wide patterns plus the layer's own. */
function restrictedImports(patterns = [], paths = []) {
  return {
    'no-restricted-imports': [
      'error',
      { ...(paths.length > 0 ? { paths } : {}), patterns: [...BASE_PATTERNS, ...patterns] },
    ],
  };
}

/** The same relative import at one, two and three levels up (a file may sit in a subfolder). */
function upTo3(...folders) {
  return ['../', '../../', '../../../'].flatMap((up) => folders.map((folder) => `${up}${folder}/*`));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'proto/gen/**',
      'web/dist/**',
      'web/dist-ssr/**',
      'services/*/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      ...restrictedImports(),
    },
  },
  {
    files: ['services/kit/src/events/kafka.ts', 'services/kit/src/events/topic-reader.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // No circle of files: a module never imports, through any chain, a module that imports it back (a
  // reader can then open any file knowing what it stands on). Imports are resolved as TypeScript does
  // (`./x.js` is `./x.ts`, workspace packages through their exports). `import type` is left out by the
  // rule: such a circle is gone once compiled.
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.mjs', '.js'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  // Type-aware rules: the gateway, the shared packages, web/src (not web/e2e) and
  // every service's src/ (TYPE_AWARE_FILES above).
  ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({
    ...config,
    files: TYPE_AWARE_FILES,
  })),
  {
    files: TYPE_AWARE_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  // The service skeleton (README "The code's shape"): domain/ is pure rules, db/ only
  // queries, and nothing below http/ reaches up into it.
  {
    files: ['services/*/src/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: restrictedImports(
      [
        {
          group: upTo3('db', 'http', 'events', 'use-cases', 'integrations'),
          message: 'domain/ is pure rules: no repositories, routes, events, use-cases or adapters.',
        },
        {
          group: [
            'drizzle-orm',
            'drizzle-orm/*',
            'pg',
            'ioredis',
            'bullmq',
            'fastify',
            '@fastify/*',
            'fs',
            'fs/*',
            'node:fs',
            'node:fs/*',
            'net',
            'node:net',
            'nodemailer',
          ],
          message: 'domain/ does no I/O: queries go in db/, clients in integrations/, flows in use-cases/.',
        },
      ],
      [
        {
          name: '@spa/kit',
          message: 'domain/ is pure: take errors from @spa/kit/errors; wiring stays in use-cases/.',
        },
      ],
    ),
  },
  {
    files: ['services/*/src/db/**/*.ts'],
    rules: restrictedImports([
      {
        group: ['../http/*', '../use-cases/*', '../../http/*', '../../use-cases/*'],
        message: 'db/ holds queries only: it never imports routes or use-cases.',
      },
    ]),
  },
  {
    files: ['services/*/src/use-cases/**/*.ts'],
    rules: restrictedImports([
      {
        group: ['../http/*', '../../http/*'],
        message: 'use-cases/ never import http/: take plain inputs, answer plain results.',
      },
      {
        group: ['drizzle-orm', 'drizzle-orm/*'],
        message: 'use-cases/ do not build queries: call a repository in db/ (types come from db/ too).',
      },
      {
        // The row types (UserRow, RoomRow, …) are what repositories answer, so `import type` may name them.
        group: ['../db/schema', '../db/schema.js', '../../db/schema', '../../db/schema.js'],
        allowTypeImports: true,
        message: 'use-cases/ do not build queries: call a repository in db/.',
      },
    ]),
  },
  // Routes and event handlers call use cases, which call repositories: every query sits in db/, where a
  // reader looking for what touches a table (the export and erasure above all) finds it. The kit's own
  // http/ and events/ are the runtime (outbox, inbox, relay), not a service's layers.
  {
    files: ['services/*/src/http/**/*.ts', 'services/*/src/events/**/*.ts'],
    ignores: ['services/kit/**'],
    rules: restrictedImports([
      {
        group: ['drizzle-orm', 'drizzle-orm/*', 'pg'],
        message: 'http/ and events/ do not query: call a use case, which calls a repository in db/.',
      },
      {
        // Row types (UserRow, TimeOffRow, …) are what use cases answer, so `import type` may name them.
        group: ['../', '../../', '../../../'].flatMap((up) => [`${up}db/schema`, `${up}db/schema.js`]),
        allowTypeImports: true,
        message: 'http/ and events/ do not query: call a use case, which calls a repository in db/.',
      },
    ]),
  },
  { files: ['web/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // The rules of hooks, complete effect dependencies and the plugin's React Compiler rules
  // (set-state-in-effect, refs, purity, …) from its recommended set;
  // exhaustive-deps is raised from the preset's warning to an error.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
);
