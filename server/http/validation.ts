// Schema validation policy (server/README.md "Schemas"): bodies are validated strictly (no type
// coercion, unknown properties are not silently removed: schemas that set
// additionalProperties: false answer 400), while query strings and path params, which are text by
// nature, are coerced to the declared number/boolean types.
import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';

const common: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };

export function installValidation(app: FastifyInstance): void {
  const bodyAjv = new Ajv({ ...common, coerceTypes: false });
  const textAjv = new Ajv({ ...common, coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    return ajv.compile(schema) as ReturnType<typeof ajv.compile> & ((data: unknown) => boolean);
  });
}

/** Shorthand for an object schema that rejects unknown properties. */
export function strictObject(properties: Record<string, unknown>, required: string[] = Object.keys(properties)) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

export type RouteSchema = FastifySchema;

/** Query strings tolerate unknown keys (cache busters, tracking), but required ones must be there. */
export function queryObject(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required } as const;
}
