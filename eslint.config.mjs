// Lint for the TypeScript sources, tests and scripts: typescript-eslint's recommended rules,
// with formatting left to Prettier (`npm run lint` runs both; `npm test` runs lint first).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.vscode-test/', '.bench/', '.oracle/', '.scratch/', 'examples/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names mark parameters an interface requires but this implementation ignores.
      // An empty catch is how the code says "this failure is expected and changes nothing".
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The resolver and the editor's services run thousands of times in one process (an editor's views, a batch). A getter
    // in an object literal gives each object a hidden class of its own in the old generation, and
    // its accessor then keeps the call's closures, and all they reach, alive past the next young
    // collections: a class with the getter on its prototype does not (docs/speed.md).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ObjectExpression > Property[kind='get'], ObjectExpression > Property[kind='set']",
          message: 'No accessors in object literals: use a class (see docs/speed.md, "Garbage that outlives a call").',
        },
      ],
    },
  },
  {
    // Scripts run under plain Node and may load CommonJS helpers.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
