import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'artifacts',
      'coverage',
      'examples/storefront/dist',
      // What running an example in place writes: its builds and generated types.
      'examples/*/dist',
      'examples/*/.next',
      'examples/*/next-env.d.ts',
      'examples/*/.wrangler',
      'examples/*/worker-configuration.d.ts',
      '.storefront-data',
      '**/public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    // The layers below src/react run without React (docs/design.md).
    files: ['src/core/**', 'src/checkout/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react/*', 'react-dom', 'react-dom/*', '**/react/*'] },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The sandbox is read as a model of the service: a function that outgrows a screen or two
    // holds more than one concept (docs/design.md, "Layers").
    files: ['src/sandbox/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false }],
    },
  },
);
