// The request bodies' validators. Fastify compiles every route's schema when the server starts: with over a
// thousand actions that was about a third of a start (each test file starts one or two servers). Here a
// route's validator is compiled on its first request, and routes whose schemas are the same share one.
// compileEveryValidator() compiles them all at once: a test runs it, so a schema Ajv refuses fails there,
// never on a route's first call.
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

/** Fastify's Ajv options (@fastify/ajv-compiler's defaults) with the envelope's: nothing coerced, added or removed. */
const AJV_OPTIONS = { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, allowUnionTypes: true, addUsedSchema: false } as const;

export class RouteValidators {
  private readonly ajv = new Ajv(AJV_OPTIONS);
  private readonly bySchema = new Map<string, ValidateFunction>();
  private readonly pending = new Set<string>();

  private compiled(key: string, schema: unknown): ValidateFunction {
    let validate = this.bySchema.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema as object);
      this.bySchema.set(key, validate);
      this.pending.delete(key);
    }
    return validate;
  }

  /** Fastify's validator compiler: a function that compiles the schema on its first call. */
  readonly compiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
    const key = JSON.stringify(schema);
    if (!this.bySchema.has(key)) this.pending.add(key);
    let validate: ValidateFunction | undefined;
    const check = ((data: unknown) => {
      validate ??= this.compiled(key, schema);
      if (validate(data)) return true;
      check.errors = validate.errors;
      return false;
    }) as ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };
    return check;
  };

  /** Compiles every schema not compiled yet; the number of distinct schemas. */
  compileEveryValidator(): number {
    for (const key of [...this.pending]) this.compiled(key, JSON.parse(key));
    return this.bySchema.size;
  }
}
