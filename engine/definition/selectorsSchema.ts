// Generated from selectors.schema.json by `npm run schema:types` (scripts/definition-types.ts): edit the schema, not this file.

/**
 * A field of the selector's resource (a field name of its screen definition).
 */
export type FieldName = string;
/**
 * A string, number or boolean value.
 */
export type Scalar = string | number | boolean;

/**
 * The reference lists for selects (screens/selectors.json, spec 001 §3.8, §7.3): each lists the active rows of one resource as value/label options. Its TypeScript types (engine/definition/selectorsSchema.ts) are generated from it by npm run schema:types. That each resource is some screen's and each named field is a field of that screen is checked by checkDefinitions in engine/definition/checkDefinitions.ts.
 */
export interface SelectorCatalogue {
  /**
   * Relative path of this schema, for editor autocomplete.
   */
  $schema?: string;
  /**
   * Version of this file format.
   */
  schemaVersion: 1;
  /**
   * Selector name -> selector; a field names its selector in source.selector.
   */
  selectors: {
    [k: string]: SelectorDefinition;
  };
}
/**
 * A reference list: the rows of one resource as { value, label, ...extra } options, active rows only unless 'all' is set.
 */
export interface SelectorDefinition {
  /**
   * The resource whose rows it lists: a screen's resource.name.
   */
  resource: string;
  /**
   * The field stored as the option's value.
   */
  value: FieldName;
  /**
   * The field shown as the option's text (and the default sort).
   */
  label: FieldName;
  /**
   * Extra fields the options carry (e.g. a country's phone code).
   *
   * @minItems 1
   */
  extra?: FieldName[];
  /**
   * Fixed criteria, field -> value, e.g. { "type": "AIR" }.
   */
  filter?: {
    [k: string]: Scalar;
  };
  /**
   * List inactive rows too (by default only ACTIVE ones).
   */
  all?: boolean;
  /**
   * Sort of the options, field -> direction; default: by the label ascending.
   */
  sort?: {
    /**
     * Sort direction.
     */
    [k: string]: 'asc' | 'desc';
  };
  /**
   * Rows current today: today between these two date fields [from, to] (an empty 'to' is open-ended).
   *
   * @minItems 2
   */
  currentBetween?: FieldName[];
  /**
   * The value is several fields joined by a split marker (ticket office: branch code + marker + office id).
   */
  composite?: {
    /**
     * The fields joined, in order.
     *
     * @minItems 2
     */
    fields: FieldName[];
    /**
     * The split marker between them.
     */
    separator: string;
  };
  /**
   * The distinct values of 'value' across the rows (label = value), e.g. the modules of the user log.
   */
  distinct?: boolean;
  /**
   * Only the values the signed-in user's role is granted: enrollmentaccess (spec 000 §6, the memberships one may enroll in).
   */
  grantedBy?: 'enrollmentaccess';
  /**
   * Fields of its resource a caller may narrow it by, besides those the pages' cascades (dependsOn.filter) name: for callers in code. Any other criterion is refused.
   */
  filterBy?: string[];
  /**
   * The option's text built from fields of the resource, each written {field}, e.g. "{airportiatacode} - {airportname}, {cityname}"; without it the option shows 'label'.
   */
  display?: string;
  /**
   * Searched on the server by its displayed text, a page of options at a time (a list too long to send whole, such as airports).
   */
  search?: boolean;
  /**
   * Display labels replaced, e.g. { "BUY AWARD MILES": "Buy Mileage" }.
   */
  relabel?: {
    /**
     * The label shown instead.
     */
    [k: string]: string;
  };
}
