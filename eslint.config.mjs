import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const electronOnly = { group: ['electron', 'electron/*', 'electron-store'], message: 'Only src-main/electron/ imports electron.' }
const nodeBuiltins = { group: ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'net'], message: 'This layer must not use Node APIs.' }

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.app-data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Layers (ARCHITECTURE.md rule 3).
  {
    files: ['src-shared/**'],
    rules: restrict([
      electronOnly, nodeBuiltins,
      { group: ['react', 'react-dom', '@fluentui/*'], message: 'src-shared is framework-free.' },
      { group: ['**/src-main/**', '**/src-server/**', '**/src-renderer/**'], message: 'src-shared imports nothing of the other layers.' },
    ]),
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        electronOnly, nodeBuiltins,
        { group: ['**/src-main/**', '**/src-server/**', 'axios'], message: 'The renderer talks only to the bridge.' },
      ]),
    },
  },
  {
    files: ['src-server/**'],
    rules: restrict([electronOnly, { group: ['**/src-main/**', '**/src-renderer/**'], message: 'The server stands alone.' }]),
  },
  {
    files: ['src-main/core/**', 'src-main/web/**', 'src-main/desktop/**'],
    rules: restrict([electronOnly, { group: ['**/src-renderer/**'], message: 'The core never imports the renderer.' }]),
  },
  {
    files: ['src-preload/**'],
    rules: restrict([{ group: ['**/src-main/**', '**/src-server/**', '**/src-renderer/**'], message: 'The preload only bridges.' }]),
  },
)
