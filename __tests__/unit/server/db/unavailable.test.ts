import { isDatabaseUnavailable } from '@/server/db/unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a statement timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['too many clients', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a wrapped driver error', Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('x'), { code: '57014' }) })],
  ])('is true for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
  ])('is false for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
