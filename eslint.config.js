import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import { importCircles } from './eslint.import-circles.js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Test files and the code only tests use may import across the layers below (docs/decisions/0030).
const TEST_FILES = ['**/*.test.{ts,tsx}', 'src/server/olo/safety.cases.ts', 'src/server/olo/offline/test-support.ts', 'src/server/security/**']

const featuresOf = (folder) => readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)

// A feature imports no other feature: one zone per feature, closing every sibling to it.
const featuresApart = (folder) =>
  featuresOf(folder).map((feature) => ({
    target: `${folder}/${feature}`,
    from: folder,
    except: [`./${feature}`],
    message: `A feature imports no other feature; what two features share belongs in a layer below them.`,
  }))

// The layers of docs/decisions/0023 (server) and 0024 (web); 0030 says why these and not more.
const ZONES = [
  { target: 'src/core', from: ['src/server', 'src/web'], message: 'src/core is shared by both sides and imports neither.' },
  { target: 'src/server', from: 'src/web', message: 'The server imports nothing of the web.' },
  ...featuresApart('src/server/features'),
  {
    target: ['src/server/!(features)/**', 'src/server/!(app).ts'],
    from: 'src/server/features',
    message: 'Only app.ts wires the features; the modules they share import none.',
  },
  { target: 'src/server/db', from: 'src/server/olo', message: 'The database layer imports nothing of Olo.' },
  ...featuresApart('src/web/features'),
  { target: 'src/web/olo', from: 'src/web/features', message: "Olo's chat is shared by the features and imports none." },
  { target: 'src/web/ui', from: ['src/web/features', 'src/web/data', 'src/web/olo'], message: 'ui/ holds presentational pieces: no feature, data or chat.' },
  { target: 'src/web/data', from: ['src/web/features', 'src/web/olo', 'src/web/ui'], message: 'data/ imports no feature, chat or ui.' },
  {
    target: 'src/web/app/!(Shell).{ts,tsx}',
    from: ['src/web/features/**', 'src/web/data/**', 'src/web/olo/**', 'src/web/ui/**'],
    message: "app/'s helpers are used by every layer and import none of them; only Shell.tsx composes.",
  },
  { target: 'src/web/lib', from: ['src/web/features', 'src/web/data', 'src/web/olo', 'src/web/ui', 'src/web/app'], message: 'lib/ holds framework-free helpers that import no layer of the app.' },
]

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/server/db/migrations', 'test-results', 'playwright-report', '.data-e2e', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A }` stays in the output as `import 'module'`, loading the module (and its zod) for nothing.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web may import only types from the server.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['~/server/*'], allowTypeImports: true }] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-circles': importCircles },
    rules: { 'import-circles/no-import-circle': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: ZONES }] },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
)
