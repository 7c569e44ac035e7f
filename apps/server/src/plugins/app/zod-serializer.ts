import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/**
 * zod types that validate a value the same way in both directions: no transform, codec, pipe, default,
 * prefault, catch or coercion anywhere below them. Anything else (and any type not named here, e.g. from a
 * later zod) counts as direction-dependent.
 */
const SAME_BOTH_WAYS = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'nan',
  'date',
  'literal',
  'enum',
  'template_literal',
  'custom',
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'intersection',
  'optional',
  'nullable',
  'nonoptional',
  'readonly',
]);

interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  items?: z.core.$ZodType[];
  rest?: z.core.$ZodType | null;
  keyType?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
}

/**
 * True when `z.parse(schema, v)` and `z.encode(schema, v)` are the same function of `v`: every node of the
 * schema is of a type in {@link SAME_BOTH_WAYS} and none coerces. Parsing and encoding then check the same
 * things and produce the same output; they differ only in speed (zod compiles objects into a fast parser
 * for the forward direction; an encode runs a check-free canary pass, then the checks, on the generic path:
 * about 3× the CPU on a stored result, zod-serializer.test.ts).
 */
export function sameBothWays(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): boolean {
  if (seen.has(schema)) return true; // a cycle is judged by its other nodes
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  if (!SAME_BOTH_WAYS.has(def.type) || def.coerce === true) return false;
  const children: (z.core.$ZodType | null | undefined)[] = [
    ...Object.values(def.type === 'object' ? (def.shape ?? {}) : {}),
    def.catchall,
    def.element,
    ...(def.items ?? []),
    def.rest,
    def.keyType,
    def.valueType,
    ...(def.options ?? []),
    def.left,
    def.right,
    def.innerType,
  ];
  return children.every((child) => !child || sameBothWays(child, seen));
}

/**
 * The app's response serializer: `JSON.stringify` of the value encoded by the route's zod schema, as
 * fastify-type-provider-zod's `serializerCompiler`, with the same error (ResponseSerializationError, a
 * logged 500) for a value that does not match. For a schema that is {@link sameBothWays} the value is
 * checked with `safeParse` instead of `safeEncode`: the same checks and the same output, at a third of the
 * CPU (bench/load/README.md, issue 21). Every answer is still validated against its schema.
 */
export function zodSerializer(schema: z.core.$ZodType): (value: unknown) => z.ZodSafeParseResult<unknown> {
  return sameBothWays(schema)
    ? (value) => z.safeParse(schema, value)
    : (value) => z.safeEncode(schema, value) as z.ZodSafeParseResult<unknown>;
}

/** A route's response schema as fastify-type-provider-zod accepts it (a zod type, or `{ properties }`). */
export function responseZodSchema(schema: unknown): z.core.$ZodType {
  if (schema instanceof z.core.$ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.core.$ZodType) return properties;
  throw new Error(`a response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/** Fastify serializer compiler: {@link zodSerializer} per route and status. */
export const serializerCompiler: FastifySerializerCompiler<FastifySchema> = ({ schema, method, url }) => {
  const check = zodSerializer(responseZodSchema(schema));
  return (data: unknown) => {
    const result = check(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
