// The registered views: the few things the specs draw that are neither forms nor tables (vendor cards,
// tracking timeline, buy-product cards, ...). A definition names one (a record section's "view"); the
// browser maps each name to its React component (src/views/registry.ts, typed by ViewName, so a name
// without a component does not compile) and `npm run validate` refuses a name not listed here.

export const REGISTERED_VIEWS = [
  /** Spec 001 §3.6, §8: a mailing product's printing, packaging and courier vendors, one card each. */
  'vendor-cards',
] as const;

export type ViewName = (typeof REGISTERED_VIEWS)[number];

export const isRegisteredView = (name: string): name is ViewName => (REGISTERED_VIEWS as readonly string[]).includes(name);
