/** Stylesheets imported for their side effect (Vite emits them as CSS files); same declaration as `vite/client`. */
declare module '*.css' {}
