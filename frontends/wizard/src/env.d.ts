/** Stylesheets are bundled by rspack's native CSS support. */
declare module '*.css';
