import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  isResponseSerializationError,
  serializerCompiler as providerSerializerCompiler,
} from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  dataResponse,
  errorResponseSchema,
  resultsListSchema,
  storedResultSchema,
} from '@visus/contracts';
import { sameBothWays, serializerCompiler, zodSerializer } from './zod-serializer';

type RouteSchema = Parameters<typeof serializerCompiler>[0];
const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as RouteSchema;
/** What fastify-type-provider-zod sends: JSON.stringify(z.encode(schema, value)). */
const provider = (schema: z.ZodType) =>
  providerSerializerCompiler(route(schema) as Parameters<typeof providerSerializerCompiler>[0]);

const stored = (overrides: Record<string, unknown> = {}) => ({
  _id: '0b6f4a4e-3c39-4a8e-9f2a-1d7b9a7c0e11',
  session: null,
  setup: {
    date: '2026-01-10T08:00:00.000Z',
    units: 'm',
    correction: 'None',
    testMode: false,
    testA: ['sloan', 'duoChrome'],
  },
  data: {
    start: 1_768_032_000_000,
    end: 1_768_032_600_000,
    sloan: {
      right: { va: 0.1, rounds: 21, loopLength: 30, logMAR: 0.1, ci95: [0.02, 0.18] },
      left: { va: 0.2, rounds: 21, loopLength: 30, logMAR: 0.2, ci95: [0.12, 0.28] },
    },
    duoChrome: { right: ['red', 'green'], left: ['green'] },
  },
  createdAt: '2026-01-10T08:10:00.000Z',
  ...overrides,
});

describe('sameBothWays', () => {
  it('holds for the schemas of the hot answers (so they are checked on the fast path)', () => {
    for (const schema of [
      dataResponse(storedResultSchema),
      dataResponse(resultsListSchema),
      dataResponse(currentUserSchema),
      errorResponseSchema,
    ]) {
      expect(sameBothWays(schema)).toBe(true);
    }
  });

  it('fails for a transform, codec, pipe, default, prefault, catch or coercion, however deep', () => {
    const leaves = [
      z.string().transform((s) => s.length),
      z.codec(z.iso.datetime(), z.date(), {
        decode: (s) => new Date(s),
        encode: (d) => d.toISOString(),
      }),
      z.string().pipe(z.string()),
      z.string().default('x'),
      z.string().prefault('x'),
      z.string().catch('x'),
      z.coerce.number(),
      z.lazy(() => z.string()),
    ];
    for (const leaf of leaves) {
      expect(sameBothWays(leaf)).toBe(false);
      expect(sameBothWays(z.object({ a: z.object({ b: z.array(leaf.optional()) }) }))).toBe(false);
      expect(sameBothWays(z.union([z.number(), z.record(z.string(), leaf.nullable())]))).toBe(false);
      expect(sameBothWays(z.object({ a: z.string() }).catchall(leaf))).toBe(false);
      expect(sameBothWays(z.tuple([z.string()], leaf))).toBe(false);
    }
  });
});

describe('serializerCompiler', () => {
  it('sends byte for byte what fastify-type-provider-zod sends, unknown keys stripped', () => {
    const schema = dataResponse(storedResultSchema);
    const ours = serializerCompiler(route(schema));
    const value = { success: true, data: { ...stored(), user_id: 'secret', extra: 1 } };
    expect(ours(value)).toBe(provider(schema)(value));
    expect(ours(value)).not.toContain('secret');
    const list = dataResponse(resultsListSchema);
    const page = { success: true, data: { results: [stored(), stored({ session: '123456' })], total: 2 } };
    expect(serializerCompiler(route(list))(page)).toBe(provider(list)(page));
  });

  it('refuses a value that does not match its schema with ResponseSerializationError, as before', () => {
    const ours = serializerCompiler(route(dataResponse(storedResultSchema)));
    for (const bad of [
      { success: true, data: stored({ createdAt: 5 }) },
      { success: true, data: stored({ setup: { ...stored().setup, date: 'yesterday' } }) },
      {
        success: true,
        data: {
          ...stored(),
          data: { start: 1_768_032_000_000, end: 1_768_032_600_000, sloan: { right: { va: 'x' } } },
        },
      },
    ]) {
      let thrown: unknown;
      try {
        ours(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isResponseSerializationError(thrown)).toBe(true);
    }
  });

  it('still encodes a schema that is not the same both ways (a codec answers its encoded form)', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (s) => new Date(s),
        encode: (d) => d.toISOString(),
      }),
    });
    expect(zodSerializer(schema)({ at: new Date(0) })).toEqual({
      success: true,
      data: { at: '1970-01-01T00:00:00.000Z' },
    });
    expect(serializerCompiler(route(schema))({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('accepts the { properties } form of a response schema, and refuses anything but zod', () => {
    const schema = z.object({ a: z.number() });
    expect(serializerCompiler(route({ properties: schema }))({ a: 1, b: 2 })).toBe('{"a":1}');
    expect(() => serializerCompiler(route({ type: 'object' }))).toThrow(/zod/);
  });
});
