import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { layersPlugin } from './scripts/eslint-layers.mjs'

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
  // Layers by allow-list (ARCHITECTURE.md rule 3): what each folder may import, scripts/eslint-layers.mjs.
  // Tests stand outside the layers.
  {
    files: ['src-*/**/*.{ts,tsx,mts}'],
    ignores: ['**/*.test.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/allowed-imports': 'error' },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
)
