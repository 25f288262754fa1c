// ESLint (flat config): typescript-eslint's type-checked rules over every TypeScript file, React's
// hook rules in the web app, formatting left to Prettier. docs/decisions/081-lint-and-format.md
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.infra/',
      '.data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'proto/gen/',
      '**/generated/',
      'web/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // TanStack Router's idiom: beforeLoad throws redirect(...), a Response, not an Error.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // k6 scripts run in k6's JavaScript runtime, not Node.
    files: ['tests/load/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
  prettier,
)
