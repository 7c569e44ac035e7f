import { describe, expect, it } from 'vitest';
import { dashboardPath, isRole, routePrefix } from './roles';

describe('roles', () => {
  it('maps the tester to the user screens (SPEC.md §2)', () => {
    expect(routePrefix('tester')).toBe('user');
    expect(routePrefix('user')).toBe('user');
    expect(routePrefix('admin')).toBe('admin');
    expect(dashboardPath('tester')).toBe('/user/dashboard');
    expect(dashboardPath('admin')).toBe('/admin/dashboard');
  });
  it('recognises only the three roles', () => {
    expect(['admin', 'user', 'tester'].every(isRole)).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
