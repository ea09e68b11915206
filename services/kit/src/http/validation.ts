import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError } from '../errors.js';

// strictNumbers: NaN and ±Infinity are not numbers. JSON.parse reads 1e309 as Infinity, which Ajv
// would otherwise take for a number and even an integer (`strict: false` alone switches this off).
const shared: Options = {
  allErrors: false,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  strictNumbers: true,
};

// Bodies are checked as sent: "5" is not a number and an unknown field is an error. Query strings
// and path parameters only ever arrive as text, so they are coerced to the declared types.
const bodyAjv = new Ajv({ ...shared, coerceTypes: false });
const urlAjv = new Ajv({ ...shared, coerceTypes: 'array' });
addFormats.default(bodyAjv);
addFormats.default(urlAjv);

/**
 * What every schema gets where it declares nothing of its own, so that no value a schema accepts
 * can make Postgres or the code behind it fail:
 * - an integer fits a Postgres `integer` column (int4); larger is a database error, a 500, where the
 *   caller deserves a 400 (a field meant for a bigint column declares its own maximum);
 * - a number (rupees, percentages) is at most 10^13, so that in paise (times 100) it is still a whole
 *   number a double holds exactly (under 2^53) and fits a bigint column; each service still checks
 *   its own business range;
 * - a string is capped, so that no megabyte of text reaches a column, an index or a regular
 *   expression; the longest free text here (a review) declares the same 10,000 itself;
 * - a JSON body nests at most this deep (the deepest form here, a bill, nests three levels): code
 *   that walks a body recursively runs out of stack on thousands of levels, and so does Postgres on
 *   deep jsonb.
 */
export const DEFAULT_LIMITS = {
  integer: { minimum: -2_147_483_648, maximum: 2_147_483_647 },
  number: { minimum: -1e13, maximum: 1e13 },
  maxLength: 10_000,
  bodyDepth: 32,
} as const;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The keywords whose value is a schema, a list of schemas or a map of names to schemas (enum, const,
// default and examples hold data, never schemas, and are left alone).
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'items',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas'];

/** A copy of the schema with DEFAULT_LIMITS added wherever a typed value declares no limit of its own. */
export function withDefaultLimits(schema: Schema): Schema {
  const copy: Schema = { ...schema };
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  const numeric = types.has('number')
    ? DEFAULT_LIMITS.number
    : types.has('integer')
      ? DEFAULT_LIMITS.integer
      : undefined;
  if (numeric) {
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) copy.maximum = numeric.maximum;
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) copy.minimum = numeric.minimum;
  }
  if (types.has('string') && schema.maxLength === undefined) copy.maxLength = DEFAULT_LIMITS.maxLength;
  for (const keyword of SCHEMA_KEYWORDS)
    if (isSchema(schema[keyword])) copy[keyword] = withDefaultLimits(schema[keyword]);
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list))
      copy[keyword] = (list as unknown[]).map((item) => (isSchema(item) ? withDefaultLimits(item) : item));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isSchema(map))
      copy[keyword] = Object.fromEntries(
        Object.entries(map).map(([name, item]) => [name, isSchema(item) ? withDefaultLimits(item) : item]),
      );
  }
  return copy;
}

/**
 * True when a parsed value nests arrays and plain objects more than `limit` levels deep (it never
 * looks deeper than that, so it is safe on any depth).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null || !isPlain(value)) return false;
  if (limit === 0) return true;
  for (const item of Object.values(value)) if (nestsDeeperThan(item, limit - 1)) return true;
  return false;
}

/**
 * Only arrays and plain objects, as JSON.parse and the query parser (whose objects' prototype has a
 * null prototype) make them: a Buffer or a stream, a multipart upload's, is not walked.
 */
function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as object | null;
  return Array.isArray(value) || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * Fastify's own JSON parser (a `__proto__` or `constructor.prototype` key refused, as by default),
 * then a body nested deeper than DEFAULT_LIMITS.bodyDepth refused as a 400. At parsing, before any
 * hook: JSON.parse reads any depth, but the hooks and handlers that walk a body (a check for NUL
 * characters, a logger, Postgres' jsonb) recurse and run out of stack, a 500.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error);
      if (!nestsDeeperThan(value, DEFAULT_LIMITS.bodyDepth)) return done(null, value);
      const message = `The request body nests objects and arrays more than ${DEFAULT_LIMITS.bodyDepth} levels deep`;
      done(new AppError(400, 'VALIDATION_FAILED', message, [{ field: 'body', message }]));
    }),
  );
}

/**
 * The first thing in a parsed value no schema should have to think about: objects and arrays nested
 * more than `depthLimit` deep, or a number that is not finite (JSON.parse reads 1e309 as Infinity,
 * and Ajv coerces the text "Infinity" or "1e309" in a query string to it without complaint). Answers
 * it as an Ajv error, or undefined when there is none.
 */
export function unsafeValueIn(value: unknown, depthLimit: number, path = ''): ErrorObject | undefined {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return undefined;
    return issue(path, 'finite', 'must be a finite number');
  }
  if (typeof value !== 'object' || value === null || !isPlain(value)) return undefined;
  if (depthLimit === 0)
    return issue(
      '',
      'maxDepth',
      `must not nest objects and arrays more than ${DEFAULT_LIMITS.bodyDepth} levels deep`,
    );
  for (const [key, item] of Object.entries(value)) {
    const found = unsafeValueIn(item, depthLimit - 1, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

function issue(instancePath: string, keyword: string, message: string): ErrorObject {
  return { instancePath, schemaPath: '#', keyword, params: {}, message };
}

/**
 * The validator with unsafeValueIn around it: before the schema for a body (JSON.parse has made its
 * numbers already, and a deep body is refused whatever its schema), after it for the parts Ajv
 * coerces from text (query string, path parameters, headers).
 */
function guarded(validate: ValidateFunction, part: 'body' | 'url'): ValidateFunction {
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const before = part === 'body' ? unsafeValueIn(data, DEFAULT_LIMITS.bodyDepth) : undefined;
    if (before) {
      checked.errors = [before];
      return false;
    }
    const valid = validate(data, context);
    checked.errors = validate.errors;
    if (!valid || part === 'body') return valid;
    const after = unsafeValueIn(data, DEFAULT_LIMITS.bodyDepth);
    if (!after) return true;
    checked.errors = [after];
    return false;
  }) as ValidateFunction;
  // Fastify lets Ajv replace a part's root value (coercion) only through a function that has this.
  checked.schemaEnv = validate.schemaEnv;
  checked.schema = validate.schema;
  return checked;
}

// One limited copy per schema object: a schema shared by several routes is compiled once, as Ajv
// caches compiled schemas by the object.
const limitedSchemas = new WeakMap<object, Schema>();

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  let limited = limitedSchemas.get(schema);
  if (!limited) {
    limited = withDefaultLimits(schema as Schema);
    limitedSchemas.set(schema, limited);
  }
  const validator =
    httpPart === 'body' ? guarded(bodyAjv.compile(limited), 'body') : guarded(urlAjv.compile(limited), 'url');
  return validator as ReturnType<FastifySchemaCompiler<object>>;
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
