import { describe, expect, it } from 'vitest';
import { CANNOT_SEE_KEY, CONTROLLER_KEYS, TEST_IDS } from '@visus/core';
import { controllerEvents, displayEvents, keySchema } from './realtime.schema';

describe('controller-key (realtime.schema)', () => {
  const controllerKey = controllerEvents['controller-key'];

  it('carries the "I can\'t see it" answer (issue 20, ADR 0024) like any other answer key', () => {
    expect(keySchema.parse(CANNOT_SEE_KEY)).toBe('cannot-see');
    expect(controllerKey.parse({ key: CANNOT_SEE_KEY })).toEqual({ key: 'cannot-see' });
  });

  it('carries every key of every pad', () => {
    for (const test of TEST_IDS) {
      for (const key of CONTROLLER_KEYS[test].keys) expect(keySchema.safeParse(key).success).toBe(true);
    }
  });

  it.each<[string | number, string]>([
    ["I can't see it", 'spaces and quotes'],
    ['cannot-see-it-at-all-please', 'longer than 24 characters'],
    ['', 'empty'],
    [12.5, 'a fractional rotation'],
  ])('refuses %j (%s)', (key) => {
    const parsed = controllerKey.safeParse({ key });
    expect(parsed.success).toBe(false);
  });

  it('refuses unknown fields beside the key', () => {
    expect(controllerKey.safeParse({ key: CANNOT_SEE_KEY, extra: true }).success).toBe(false);
  });
});

describe('the voice toggle (issue 20 item 2)', () => {
  it("carries the phone's choice and the display's state as a boolean", () => {
    expect(controllerEvents['controller-speech'].parse({ speak: false })).toEqual({ speak: false });
    expect(displayEvents['display-speech'].parse({ speak: true })).toEqual({ speak: true });
  });

  it.each([[{}], [{ speak: 'off' }], [{ speak: 1 }], [{ speak: true, text: 'S' }]])('refuses %j', (body) => {
    expect(controllerEvents['controller-speech'].safeParse(body).success).toBe(false);
    expect(displayEvents['display-speech'].safeParse(body).success).toBe(false);
  });
});
