import type { FastifySchemaCompiler } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';

const shared: Options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false };

// Bodies are checked as sent: "5" is not a number and an unknown field is an error. Query strings
// and path parameters only ever arrive as text, so they are coerced to the declared types.
const bodyAjv = new Ajv({ ...shared, coerceTypes: false });
const urlAjv = new Ajv({ ...shared, coerceTypes: 'array' });
addFormats.default(bodyAjv);
addFormats.default(urlAjv);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : urlAjv;
  return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
};

/** An object schema that refuses unknown fields, the shape every request body here should use. */
export function strictObject(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

export const errorResponseSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    details: { type: 'array', items: {} },
  },
} as const;
