import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS } from './routes';
import { vitalMetricSchema, vitalsReportSchema, vitalsRouteOf, VITALS_ROUTES } from './vitals.schema';

const lcp = { name: 'LCP', value: 812.4, rating: 'good', id: 'v5-1763790000000-8491234567890', route: '/' };

describe('vitalsRouteOf', () => {
  it.each([
    ['/', '/'],
    ['/login', '/login'],
    ['/login/', '/login'],
    ['/connect?pin=ABC123', '/connect'],
    ['/controller/K7P2XQ', '/controller/:token'],
    ['/user/test/K7P2XQ', '/user/test/:token'],
    ['/admin/test/K7P2XQ/test-mode', '/admin/test/:token/test-mode'],
    ['/reset-password/4fJ9xQeL0123456789abcdefghijklmnopqrstuvwxy', '/reset-password/:token'],
    ['/reset-password', '/reset-password'],
    ['/user/tests', '/user/tests'],
    ['/nobody/tests', '*'],
    ['/no/such/page', '*'],
  ])('%s → %s', (path, route) => {
    expect(vitalsRouteOf(path)).toBe(route);
  });

  it('never keeps a path segment that came from a parameter', () => {
    for (const pattern of APP_ROUTE_PATTERNS) {
      const path = pattern.replace(':role', 'user').replace(/:\w+/g, 'SECRET9');
      expect(vitalsRouteOf(path)).not.toContain('SECRET9');
      expect(VITALS_ROUTES.has(vitalsRouteOf(path))).toBe(true);
    }
  });
});

describe('POST /vitals body', () => {
  it('accepts the five metrics with every screen route', () => {
    const metrics = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'].map((name) => ({ ...lcp, name }));
    expect(vitalsReportSchema.safeParse({ metrics }).success).toBe(true);
    for (const route of VITALS_ROUTES)
      expect(vitalMetricSchema.safeParse({ ...lcp, route }).success).toBe(true);
  });

  it.each([
    [{ ...lcp, name: 'FID' }, 'name must be one of LCP, CLS, INP, FCP, TTFB'],
    [{ ...lcp, value: -1 }, 'value must not be negative'],
    [{ ...lcp, value: 'fast' }, 'value must be a number'],
    [{ ...lcp, rating: 'great' }, 'rating must be one of good, needs-improvement, poor'],
    [{ ...lcp, id: 'has space' }, 'id must be 1 to 80 letters, digits, dots or dashes'],
    [{ ...lcp, route: '/controller/K7P2XQ' }, expect.stringMatching(/^route must be a screen pattern/)],
    [{ ...lcp, route: '/login?email=ada@example.org' }, expect.stringMatching(/^route must be/)],
  ])('refuses %j', (metric, message) => {
    const result = vitalsReportSchema.safeParse({ metrics: [metric] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toEqual(message);
  });

  it('refuses extra fields, an empty list and too many metrics', () => {
    expect(vitalsReportSchema.safeParse({ metrics: [{ ...lcp, email: 'ada@example.org' }] }).success).toBe(
      false,
    );
    expect(vitalsReportSchema.safeParse({ metrics: [] }).error?.issues[0]?.message).toBe(
      'metrics must not be empty',
    );
    expect(vitalsReportSchema.safeParse({ metrics: Array(21).fill(lcp) }).error?.issues[0]?.message).toBe(
      'metrics must have at most 20 entries',
    );
  });
});
