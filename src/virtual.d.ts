// Modules the build makes (vite.config.ts).
declare module 'virtual:screen-resources' {
  /** Resource name: the definition file declaring it, relative to screens/. */
  const index: Record<string, string>;
  export default index;
}

// swagger-ui's prebuilt bundle ships no types: the one call the API reference page makes.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  const SwaggerUI: (options: Record<string, unknown>) => unknown;
  export default SwaggerUI;
}
