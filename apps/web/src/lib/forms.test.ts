import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { FORM_CHECKS_UNAVAILABLE, lazyResolver } from './forms';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyResolver', () => {
  it('loads the checks once, at the first validation, and uses them from then on', async () => {
    const check: Resolver<Values> = (values) => ({ values, errors: {} });
    const load = vi.fn(() => Promise.resolve(check));
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    expect(await resolver({ email: 'a@b.c' }, undefined, options)).toEqual({
      values: { email: 'a@b.c' },
      errors: {},
    });
    await resolver({ email: 'd@e.f' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the checks cannot be downloaded, and tries again on the next submit', async () => {
    const check: Resolver<Values> = (values) => ({ values, errors: {} });
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(check);
    const resolver = lazyResolver(load);
    const offline = await resolver({ email: 'a@b.c' }, undefined, options);
    expect(offline.values).toEqual({});
    expect(offline.errors.root?.message).toBe(FORM_CHECKS_UNAVAILABLE);
    expect((await resolver({ email: 'a@b.c' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
