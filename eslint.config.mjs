import nx from '@nx/eslint-plugin';
import boundaries from 'eslint-plugin-boundaries';

/**
 * Module boundaries on two axes (STYLE.md, "Nx tags on two axes"):
 * - scope: an app's scope may use its own scope and `scope:shared`; shared code only shared code.
 * - type:  app -> any lib; http -> domain/data/runtime/util/http; runtime -> domain/data/util;
 *          domain -> domain/data/util (and never an HTTP package); data -> data/util; util -> util;
 *          testing -> any lib. No lib type lists `type:app`, so no lib imports an app and no app another app.
 * `type:runtime` (libs/runtime) builds the process infrastructure and the typedi container; it
 * registers it under the domain's injection tokens, so it sits above domain and below http.
 */
const LIB_TYPES = ['type:domain', 'type:data', 'type:runtime', 'type:http', 'type:util', 'type:testing'];

/** Transport concerns that stay out of `type:domain` (it throws DomainError, never HTTP errors). */
const HTTP_PACKAGES = [
  'express',
  'routing-controllers',
  'routing-controllers-openapi',
  'multer',
  'passport',
  'passport-jwt',
  'socket.io',
  'swagger-ui-express',
  'helmet',
  'cors',
];

/** Spec and e2e files of any project may also import the testing lib (factories, test apps). */
function moduleBoundaries({ testFiles = false, allow = [] } = {}) {
  const plusTesting = (tags) => (testFiles ? [...tags, 'type:testing'] : tags);
  return [
    'error',
    {
      enforceBuildableLibDependency: true,
      allow,
      // Specs of a lib import @platform/testing, which imports that lib: a test-time cycle only,
      // since production code may not import type:testing (constraints below).
      ignoredCircularDependencies: [['testing', '*']],
      depConstraints: [
        { sourceTag: 'scope:admin', onlyDependOnLibsWithTags: ['scope:admin', 'scope:shared'] },
        { sourceTag: 'scope:customer', onlyDependOnLibsWithTags: ['scope:customer', 'scope:shared'] },
        { sourceTag: 'scope:market', onlyDependOnLibsWithTags: ['scope:market', 'scope:shared'] },
        { sourceTag: 'scope:jobs', onlyDependOnLibsWithTags: ['scope:jobs', 'scope:shared'] },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },

        { sourceTag: 'type:app', onlyDependOnLibsWithTags: LIB_TYPES },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: LIB_TYPES },
        {
          sourceTag: 'type:http',
          onlyDependOnLibsWithTags: plusTesting(['type:http', 'type:runtime', 'type:domain', 'type:data', 'type:util']),
        },
        {
          sourceTag: 'type:runtime',
          onlyDependOnLibsWithTags: plusTesting(['type:runtime', 'type:domain', 'type:data', 'type:util']),
        },
        {
          sourceTag: 'type:domain',
          onlyDependOnLibsWithTags: plusTesting(['type:domain', 'type:data', 'type:util']),
          bannedExternalImports: HTTP_PACKAGES,
        },
        { sourceTag: 'type:data', onlyDependOnLibsWithTags: plusTesting(['type:data', 'type:util']) },
        { sourceTag: 'type:util', onlyDependOnLibsWithTags: plusTesting(['type:util']) },
      ],
    },
  ];
}

/**
 * Context doors (STYLE.md, "A context folder is a room with one door"): each top-level folder of
 * libs/domain/src is a bounded context, and code outside it may import only its index.ts. Spec and
 * e2e files follow the same rule. The domain's root barrel (libs/domain/src/index.ts) re-exports
 * every context, so no file of the domain may import it: through it a context would reach any other.
 * A relative import that does not resolve (a typo, or a `.js` suffix, which TypeScript maps to `.ts`
 * but this resolver does not) is refused too, since the plugin cannot say which element it reaches.
 * Cycles between contexts are refused by tools/lint/context-graph.ts (the plugin sees one import at
 * a time, so it cannot see a cycle).
 */
const CONTEXT_DOORS = {
  files: ['libs/domain/src/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'boundaries/include': ['libs/domain/src/**/*.ts'],
    'boundaries/elements': [{ type: 'context', pattern: 'libs/domain/src/*', capture: ['context'] }],
    // One file, so a file category (v7 element patterns match folders, and the root folder would
    // swallow every context).
    'boundaries/files': [{ category: 'domain-root', pattern: 'libs/domain/src/index.ts' }],
    'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            disallow: { to: { element: { type: 'context', fileInternalPath: '!index.ts' } } },
            message: 'Import another context only through its index.ts (its door), never {{to.element.captured.context}}/{{to.element.fileInternalPath}}',
          },
          {
            disallow: { to: { file: { categories: 'domain-root' } } },
            message: "Import a context through its own index.ts, never the domain's root barrel (libs/domain/src/index.ts), which re-exports every context",
          },
          // Inside one context relative imports are free.
          { allow: { dependency: { relationship: { to: 'internal' } } } },
        ],
      },
    ],
    'boundaries/no-unknown-dependencies': 'error',
  },
};

const TS_FILES = ['**/*.ts'];
const TEST_FILES = ['**/*.spec.ts', '**/*.e2e.ts'];

export default [
  { ignores: ['**/dist', '**/node_modules', '**/tmp', '**/coverage', '.nx', 'storage'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    files: TS_FILES,
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(),
      // routing-controllers and typedi take constructors as `Function` (`controllers: Function[]`).
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // A decorated DTO field keeps its annotation (`page: number = 1`): without it the emitted
      // design:type metadata is Object, and class-transformer/routing-controllers rely on it.
      '@typescript-eslint/no-inferrable-types': ['error', { ignoreProperties: true, ignoreParameters: true }],
      // TS code uses import; the rare runtime require (a deep path) carries a disable comment.
      '@typescript-eslint/no-require-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries({ testFiles: true }),
      // chai property assertions: expect(x).to.be.true
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-console': 'off',
    },
  },
  CONTEXT_DOORS,
  {
    // Developer tools (dev runner, seed, bench) compose the real apps in-process. Apps have no import
    // alias, so tools reach them by path; nothing else may.
    files: ['tools/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries({ allow: ['../../apps/**'] }),
      'no-console': 'off',
    },
  },
  {
    // webpack configs are CommonJS
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
];
