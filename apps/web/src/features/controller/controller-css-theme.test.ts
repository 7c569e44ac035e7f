import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';

/**
 * The phone controller's page draws without MUI (docs/adr/0005), so its stylesheet names the theme's
 * colours, radius and type itself. This keeps the two in step: a colour changed in app/theme.ts and not
 * in controller.css (or the other way round) fails here.
 */
const css = readFileSync(`${import.meta.dirname}/controller.css`, 'utf8');

function variables(): Record<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...root.matchAll(/(--vc-[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

const normal = (colour: string) => colour.toLowerCase().replace(/\s+/g, '');

describe('controller.css', () => {
  const { palette, shape } = theme;
  it.each([
    ['--vc-primary', palette.primary.main],
    ['--vc-primary-dark', palette.primary.dark],
    ['--vc-secondary', palette.secondary.main],
    ['--vc-secondary-dark', palette.secondary.dark],
    ['--vc-success', palette.success.main],
    ['--vc-success-dark', palette.success.dark],
    ['--vc-error', palette.error.dark],
    ['--vc-bg', palette.background.default],
    ['--vc-paper', palette.background.paper],
    ['--vc-text', palette.text.primary],
    ['--vc-text-2', palette.text.secondary],
    ['--vc-divider', palette.divider],
  ])('%s is the theme’s %s', (name, colour) => {
    expect(normal(variables()[name] ?? '(missing)')).toBe(normal(colour));
  });

  it('has the theme’s corner radius and type', () => {
    expect(variables()['--vc-radius']).toBe(`${String(shape.borderRadius)}px`);
    const family = /body\s*\{[^}]*font-family:([^;]+);/.exec(css)?.[1] ?? '';
    const names = (list: string) => list.split(',').map((name) => name.trim().replace(/['"]/g, ''));
    expect(names(family)).toEqual(names(String(theme.typography.fontFamily)));
  });
});
