import settingHandler from '@/pages/api/auth/setting';
import healthHandler from '@/pages/api/health';
import { callApi } from '../helpers/api';
import { insertGenre, resetDatabase } from '../helpers/db';

describe('GET /api/auth/setting', () => {
  beforeAll(async () => {
    await resetDatabase();
    await insertGenre('Tiên Hiệp', 1);
    await insertGenre('Đô Thị', 2);
    await insertGenre('Khác', 3, false);
  });

  it('answers the genres in order with the fire marker, and both filters', async () => {
    const { status, body } = await callApi<{ result: { cats: { _id: string; name: string; hot: boolean }[]; filters: { key: string; options: { key: string; name: string }[] }[] } }>(settingHandler);
    expect(status).toBe(200);
    expect(body.result.cats.map((cat) => cat.name)).toEqual(['Tiên Hiệp', 'Đô Thị', 'Khác']);
    expect(body.result.cats.every((cat) => typeof cat._id === 'string')).toBe(true);
    expect(body.result.cats.filter((cat) => !cat.hot).map((cat) => cat.name)).toEqual(['Khác']);
    const keys = body.result.filters.map((filter) => filter.key);
    expect(keys).toEqual(['sort', 'chapters']);
    for (const filter of body.result.filters) {
      expect(filter.options.length).toBeGreaterThan(0);
      for (const option of filter.options) expect(option).toEqual({ key: expect.any(String), name: expect.any(String) });
    }
  });

  it('refuses other methods with 405 and a message', async () => {
    const { status, body } = await callApi<{ message: string }>(settingHandler, { method: 'POST', body: {} });
    expect(status).toBe(405);
    expect(body.message).toMatch(/không được hỗ trợ/);
  });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const { status, body } = await callApi(healthHandler);
    expect(status).toBe(200);
    expect(body).toMatchObject({ database: 'reachable' });
  });
});
