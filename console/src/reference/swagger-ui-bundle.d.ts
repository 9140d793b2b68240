/** The parts of swagger-ui-dist's UMD bundle the reference page uses (the package ships no types). */
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  interface SwaggerUIOptions {
    url: string;
    domNode: Element;
    deepLinking?: boolean;
    queryConfigEnabled?: boolean;
    validatorUrl?: string | null;
    tryItOutEnabled?: boolean;
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}
