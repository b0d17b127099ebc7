import { parseLogLevel } from '@/server/config/logLevel';

describe('parseLogLevel', () => {
  it('takes a known level, else silent under tests and info elsewhere', () => {
    expect(parseLogLevel({ NODE_ENV: 'production', LOG_LEVEL: 'warn' })).toBe('warn');
    expect(parseLogLevel({ NODE_ENV: 'test' })).toBe('silent');
    expect(parseLogLevel({ NODE_ENV: 'production', LOG_LEVEL: ' ' })).toBe('info');
  });

  it('refuses an unknown level with a message naming the variable', () => {
    expect(() => parseLogLevel({ NODE_ENV: 'production', LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL: must be one of fatal, error/);
  });
});
