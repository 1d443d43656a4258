// JSON Schema of the request envelope (spec 000 §3, §7); Fastify compiles it once per action.

/** A string of at most `maxLength` characters (and at least `minLength`). */
export const text = (maxLength: number, minLength?: number) => ({ type: 'string', maxLength, ...(minLength === undefined ? {} : { minLength }) });

/** An object with these properties, every one required unless `required` says which; `closed` refuses others. */
export const objectOf = (properties: Record<string, unknown>, { required = Object.keys(properties), closed = false }: { required?: string[]; closed?: boolean } = {}) => ({
  type: 'object',
  ...(closed ? { additionalProperties: false } : {}),
  required,
  properties,
});

export const identitySchema = objectOf(
  { reqtxnid: text(100), reqdate: text(40), appid: text(40), userid: text(100), signature: text(512), seqno: { type: ['integer', 'string'], maxLength: 40 } },
  { required: ['reqtxnid', 'reqdate', 'appid'] },
);

export const pagingSchema = {
  type: 'object',
  required: ['limit', 'page'],
  properties: {
    limit: { type: 'integer', minimum: -1, maximum: 1000 },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  },
} as const;

/** The parameter block's parts every action takes (the API reference narrows them where an action says more). */
export const parameterSchemas = {
  column: { type: 'array', items: { type: 'string', maxLength: 60 }, maxItems: 200 },
  criteria: { type: 'object' },
  sort: { type: 'object', additionalProperties: { enum: ['asc', 'desc'] } },
};

export function envelopeSchema(data: Record<string, unknown> | undefined) {
  return {
    type: 'object',
    required: ['identity', 'parameter'],
    properties: {
      identity: identitySchema,
      paging: pagingSchema,
      parameter: {
        type: 'object',
        properties: {
          ...parameterSchemas,
          ...(data ? { data } : {}),
        },
        ...(data ? { required: ['data'] } : {}),
      },
    },
  };
}
