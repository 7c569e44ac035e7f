/**
 * A text that stands for a value's JSON where computing `JSON.stringify(value)` would cost more than the
 * value's use (issue 21 item 2: a results page re-stringified each stored result only to look it up in
 * the validated-JSON memo, memo-serializer.ts). Whoever attaches a key vouches that it is a function of the
 * value alone and that different values never share it: e.g. a stored row's id with the database's own
 * text of its columns. Kept by identity: the key goes with the object and is forgotten with it.
 */
const keys = new WeakMap<object, string>();

/** `value`, remembered with `key` as the text that stands for its JSON. */
export function withJsonKey<T extends object>(value: T, key: string): T {
  keys.set(value, key);
  return value;
}

/** The key attached to `value` with {@link withJsonKey}, or undefined. */
export function jsonKeyOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? keys.get(value) : undefined;
}
