import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { jsonKeyOf } from '../../lib/json-key';
import { serializerCompiler, zodSerializer } from './zod-serializer';

/**
 * `JSON.stringify(z.encode(schema, value))` — what the app's zod serializer sends (zod-serializer.ts) — remembered by the
 * value's own JSON text. A stored result never changes, yet its answer was checked against the deep result
 * schema on every read: most of the CPU of a results page under load (bench/load/README.md). Each distinct
 * text now goes through zod once; what is sent is always the text zod produced for it (with unknown keys
 * stripped, in the schema's key order). Encoding is a pure function of the value here (refinements only,
 * no transforms or defaults), and for values born of JSON (rows' jsonb, strings) the same text means the
 * same value. A value that fails is never remembered. Memory is bounded by the characters remembered (a
 * value's own key, lib/json-key.ts, is kept beside its answer: both count).
 */
export class ValidatedJsonMemo {
  /** Map keeps insertion order: the first entry is the oldest, forgotten first. */
  private readonly known = new Map<string, string>();
  private chars = 0;
  private readonly check: ReturnType<typeof zodSerializer>;

  constructor(
    schema: z.ZodType,
    /** Characters of JSON remembered at most (≈ 2 bytes each). */
    private readonly maxChars = 16_000_000,
  ) {
    this.check = zodSerializer(schema);
  }

  /**
   * The JSON of the encoded value; throws the ZodError when it does not match the schema. A value with a
   * key of its own (lib/json-key.ts: a stored result read as text) is looked up by that key, unread.
   */
  json(value: unknown): string {
    const text = jsonKeyOf(value) ?? JSON.stringify(value);
    const known = this.known.get(text);
    if (known !== undefined) return known;
    const result = this.check(value);
    if (!result.success) throw result.error;
    const encoded = JSON.stringify(result.data);
    this.remember(text, encoded === text ? text : encoded);
    return encoded;
  }

  /** Remembered texts (tests). */
  get size(): number {
    return this.known.size;
  }

  private remember(text: string, encoded: string): void {
    const size = text.length + (encoded === text ? 0 : encoded.length);
    if (size > this.maxChars) return;
    this.known.set(text, encoded);
    this.chars += size;
    for (const [oldText, oldEncoded] of this.known) {
      if (this.chars <= this.maxChars) break;
      this.known.delete(oldText);
      this.chars -= oldText.length + (oldEncoded === oldText ? 0 : oldEncoded.length);
    }
  }
}

const EMPTY_LIST = (key: string) => `"${key}":[]`;

/**
 * The serializer of a route whose 200 answer is `{ success: true, data: { [listKey]: Item[], … } }` with
 * items that never change (stored results): the envelope (success, total, …) goes through zod as usual
 * with an empty list, and each item through a {@link ValidatedJsonMemo}; the item texts are then put in
 * the empty list's place. The bytes are those the zod serializer sends (tested). Other statuses, and an
 * envelope in which the empty list is not found exactly once, use the zod serializer unchanged.
 */
export function memoisedListSerializer(
  listKey: string,
  memo: ValidatedJsonMemo,
): FastifySerializerCompiler<FastifySchema> {
  return (routeSchema) => {
    const plain = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
    if (String(routeSchema.httpStatus) !== '200') return plain;
    const placeholder = EMPTY_LIST(listKey);
    return (body: unknown) => {
      const data = (body as { data?: Record<string, unknown> } | null)?.data;
      const items = data?.[listKey];
      if (!Array.isArray(items)) return plain(body);
      const envelope = plain({ ...(body as object), data: { ...data, [listKey]: [] } });
      const at = envelope.indexOf(placeholder);
      if (at < 0 || envelope.indexOf(placeholder, at + 1) >= 0) return plain(body);
      let texts: string[];
      try {
        texts = items.map((item) => memo.json(item));
      } catch (error) {
        if (error instanceof z.ZodError)
          throw new ResponseSerializationError(routeSchema.method, routeSchema.url, { cause: error });
        throw error;
      }
      return `${envelope.slice(0, at)}"${listKey}":[${texts.join(',')}]${envelope.slice(at + placeholder.length)}`;
    };
  };
}
