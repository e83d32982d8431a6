// service-checkout/styles.css, the checkout's stylesheet: imported for its side effect only
// (`import 'service-checkout/styles.css'`), so it exports nothing. The build copies this file
// beside the stylesheet in dist/, where the package's "./styles.css" export points its types: a
// project that checks side-effect imports (TypeScript's noUncheckedSideEffectImports) then finds
// the module without a bundler's types for .css files.
export {};
