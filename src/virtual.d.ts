// Modules the build makes (vite.config.ts).
declare module 'virtual:screen-resources' {
  /** Resource name: the definition file declaring it, relative to screens/. */
  const index: Record<string, string>;
  export default index;
}
