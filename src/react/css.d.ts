// Stylesheets are imported for the build to emit them (service-checkout/styles.css).
declare module '*.css';
