// Every stylesheet writes directions logically (inline-start, block-end, inline-size), never left,
// top or width: a checkout, the console or the demo in a right-to-left language then mirrors with
// no stylesheet of its own. `npm run lint` runs it.
export default {
  plugins: ['stylelint-use-logical'],
  rules: { 'csstools/use-logical': 'always' },
  ignoreFiles: [
    '**/node_modules/**',
    '**/dist/**',
    'storybook-static/**',
    'coverage/**',
    'artifacts/**',
    'docs/.vitepress/{dist,cache}/**',
    'examples/*/.next/**',
    'examples/*/.wrangler/**',
  ],
};
