import { describe, expect, it } from 'vitest';
import { dashboardPath, isClinician, isRole, ROLES, routePrefix } from './roles';

describe('roles', () => {
  it('maps the tester to the user screens (SPEC.md §2)', () => {
    expect(routePrefix('tester')).toBe('user');
    expect(routePrefix('user')).toBe('user');
    expect(routePrefix('admin')).toBe('admin');
    expect(dashboardPath('tester')).toBe('/user/dashboard');
    expect(dashboardPath('admin')).toBe('/admin/dashboard');
  });
  it('gives a clinician the user screens, and only a clinician the patients (issue 19)', () => {
    expect(routePrefix('clinician')).toBe('user');
    expect(dashboardPath('clinician')).toBe('/user/dashboard');
    expect(ROLES.filter(isClinician)).toEqual(['clinician']);
  });
  it('recognises only the four roles', () => {
    expect(['admin', 'user', 'tester', 'clinician'].every(isRole)).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
