// JSON Schema of the request envelope (spec 000 §3, §7); Fastify compiles it once per action.
const identity = {
  type: 'object',
  required: ['reqtxnid', 'reqdate', 'appid'],
  properties: {
    reqtxnid: { type: 'string', maxLength: 100 },
    reqdate: { type: 'string', maxLength: 40 },
    appid: { type: 'string', maxLength: 40 },
    userid: { type: 'string', maxLength: 100 },
    signature: { type: 'string', maxLength: 512 },
    seqno: { type: ['integer', 'string'], maxLength: 40 },
  },
} as const;

const paging = {
  type: 'object',
  required: ['limit', 'page'],
  properties: {
    limit: { type: 'integer', minimum: -1, maximum: 1000 },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  },
} as const;

export function envelopeSchema(data: Record<string, unknown> | undefined) {
  return {
    type: 'object',
    required: ['identity', 'parameter'],
    properties: {
      identity,
      paging,
      parameter: {
        type: 'object',
        properties: {
          column: { type: 'array', items: { type: 'string', maxLength: 60 }, maxItems: 200 },
          criteria: { type: 'object' },
          sort: { type: 'object', additionalProperties: { enum: ['asc', 'desc'] } },
          ...(data ? { data } : {}),
        },
        ...(data ? { required: ['data'] } : {}),
      },
    },
  };
}
