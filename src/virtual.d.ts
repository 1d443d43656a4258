// Types of modules that ship none: swagger-ui's prebuilt bundle, the one call the API reference page makes.
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  const SwaggerUI: (options: Record<string, unknown>) => unknown;
  export default SwaggerUI;
}
