import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../helpers/build-app';

describe('GET /api/v1/health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('reports the server, the database and the public address for pairing QR codes', async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'http://192.168.1.20:5000/' } });
    const res = await call(t.app, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { status: 'ok', database: t.database.kind, publicUrl: 'http://192.168.1.20:5000' },
    });
  });

  it('falls back to the localhost address when PUBLIC_URL is not set', async () => {
    t = await buildTestApp({ env: { PORT: '5123' } });
    const res = await call(t.app, 'GET', '/health');
    expect(res.status).toBe(200);
    expect((res.body.data as { publicUrl: string }).publicUrl).toBe('http://localhost:5123');
  });
});
