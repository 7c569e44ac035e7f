import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { withJsonKey } from '../../lib/json-key';
import { memoisedListSerializer, ValidatedJsonMemo } from './memo-serializer';

const item = z.object({ id: z.string(), n: z.number(), tags: z.array(z.string()).optional() });
const page = z.object({
  success: z.literal(true),
  data: z.object({ results: z.array(item), total: z.number() }),
});

type RouteSchema = Parameters<ReturnType<typeof memoisedListSerializer>>[0];
const route = (httpStatus: string) =>
  ({ schema: page, method: 'GET', url: '/things', httpStatus }) as unknown as RouteSchema;
const zodSerializer = serializerCompiler(route('200') as Parameters<typeof serializerCompiler>[0]);

describe('ValidatedJsonMemo', () => {
  it('remembers the encoded text of a value by its JSON, and answers it again', () => {
    const memo = new ValidatedJsonMemo(item);
    const value = { id: 'a', n: 1 };
    expect(memo.json(value)).toBe(JSON.stringify(value));
    expect(memo.size).toBe(1);
    expect(memo.json({ id: 'a', n: 1 })).toBe('{"id":"a","n":1}');
    expect(memo.size).toBe(1);
  });

  it('looks a value with a key of its own up by that key, without reading it once it is known', () => {
    const memo = new ValidatedJsonMemo(item);
    let reads = 0;
    const keyed = () => {
      const value = { id: 'a' } as { id: string; n: number };
      Object.defineProperty(value, 'n', { enumerable: true, get: () => ((reads += 1), 1) });
      return withJsonKey(value, 'row a');
    };
    expect(memo.json(keyed())).toBe('{"id":"a","n":1}');
    expect(reads).toBe(1);
    expect(memo.json(keyed())).toBe('{"id":"a","n":1}');
    expect(reads).toBe(1); // answered from memory: the value was not read
    expect(memo.size).toBe(1);
    // Without a key, the same value is looked up by its JSON: another entry.
    expect(memo.json({ id: 'a', n: 1 })).toBe('{"id":"a","n":1}');
    expect(memo.size).toBe(2);
  });

  it('answers what zod answers, in the schema key order, with unknown keys stripped, also from memory', () => {
    const memo = new ValidatedJsonMemo(item);
    const leaky = { n: 1, password_hash: 'secret', id: 'a' };
    expect(memo.json(leaky)).toBe('{"id":"a","n":1}');
    expect(memo.json({ n: 1, password_hash: 'secret', id: 'a' })).toBe('{"id":"a","n":1}');
    expect(memo.size).toBe(1);
  });

  it('throws the ZodError for a value that does not match, every time, never remembering it', () => {
    const memo = new ValidatedJsonMemo(item);
    memo.json({ id: 'a', n: 1 });
    for (let i = 0; i < 2; i++) {
      expect(() => memo.json({ id: 'a', n: '1' })).toThrow(z.ZodError);
      expect(() => memo.json({ id: 'a' })).toThrow(z.ZodError);
    }
    expect(memo.size).toBe(1);
  });

  it('keeps at most maxChars characters, forgetting the oldest first', () => {
    const memo = new ValidatedJsonMemo(item, 40);
    memo.json({ id: 'first', n: 1 }); // 20 characters
    memo.json({ id: 'second', n: 2 }); // 21: over 40, the first goes
    expect(memo.size).toBe(1);
    memo.json({ id: 'x'.repeat(50), n: 3 }); // longer than the whole memory: not remembered
    expect(memo.size).toBe(1);
  });
});

describe('memoisedListSerializer', () => {
  const body = {
    success: true,
    data: {
      results: [
        { id: 'a', n: 1, tags: ['x'] },
        { id: 'b', n: 2 },
      ],
      total: 7,
    },
  };

  it('sends exactly the bytes of the zod serializer, first from zod and then from memory', () => {
    const memo = new ValidatedJsonMemo(item);
    const serialize = memoisedListSerializer('results', memo)(route('200'));
    expect(serialize(body)).toBe(zodSerializer(body));
    expect(memo.size).toBe(2);
    expect(serialize(body)).toBe(zodSerializer(body));
    const empty = { success: true, data: { results: [], total: 0 } };
    expect(serialize(empty)).toBe(zodSerializer(empty));
  });

  it('strips what zod strips, in the items and in the envelope', () => {
    const serialize = memoisedListSerializer('results', new ValidatedJsonMemo(item))(route('200'));
    const extra = {
      success: true,
      internal: 'x',
      data: { results: [{ id: 'a', n: 1, secret: 's' }], total: 1, debug: true },
    };
    expect(serialize(extra)).toBe(zodSerializer(extra));
    expect(serialize(extra)).toBe('{"success":true,"data":{"results":[{"id":"a","n":1}],"total":1}}');
  });

  it('refuses a wrong item or envelope with the serializer error the error handler turns into a 500', () => {
    const memo = new ValidatedJsonMemo(item);
    const serialize = memoisedListSerializer('results', memo)(route('200'));
    serialize(body); // the valid items are remembered
    const badItem = { ...body, data: { ...body.data, results: [...body.data.results, { id: 3, n: 3 }] } };
    const badTotal = { ...body, data: { ...body.data, total: 'seven' } };
    for (const bad of [badItem, badTotal]) {
      let thrown: unknown;
      try {
        serialize(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isResponseSerializationError(thrown)).toBe(true);
      expect(() => zodSerializer(bad)).toThrow();
    }
  });

  it('leaves other statuses to the zod serializer', () => {
    const error = z.object({ success: z.literal(false), error: z.string() });
    const serialize = memoisedListSerializer(
      'results',
      new ValidatedJsonMemo(item),
    )({ schema: error, method: 'GET', url: '/things', httpStatus: '404' } as unknown as RouteSchema);
    expect(serialize({ success: false, error: 'Not found', extra: 1 })).toBe(
      '{"success":false,"error":"Not found"}',
    );
  });
});
