import { VerifiedTokens } from '@/server/auth/tokenCache';

describe('VerifiedTokens', () => {
  const now = 1_800_000_000_000;
  const inAnHour = now / 1000 + 3_600;

  it('answers a verified token from memory until it expires', () => {
    const tokens = new VerifiedTokens<string>();
    tokens.set('token-a', 'uid-a', now / 1000 + 60, now);
    expect(tokens.get('token-a', now + 59_000)).toBe('uid-a');
    expect(tokens.get('token-a', now + 60_000)).toBeUndefined();
    expect(tokens.get('token-b', now)).toBeUndefined();
  });

  it('checks a long-lived token again after ten minutes', () => {
    const tokens = new VerifiedTokens<string>();
    tokens.set('token-a', 'uid-a', inAnHour, now);
    expect(tokens.get('token-a', now + 9 * 60_000)).toBe('uid-a');
    expect(tokens.get('token-a', now + 11 * 60_000)).toBeUndefined();
  });

  it('never keeps a token that has already expired', () => {
    const tokens = new VerifiedTokens<string>();
    tokens.set('old', 'uid', now / 1000 - 1, now);
    expect(tokens.size).toBe(0);
  });

  it('drops the least recently used token when full', () => {
    const tokens = new VerifiedTokens<string>(2);
    tokens.set('a', '1', inAnHour, now);
    tokens.set('b', '2', inAnHour, now);
    expect(tokens.get('a', now)).toBe('1');
    tokens.set('c', '3', inAnHour, now);
    expect(tokens.get('b', now)).toBeUndefined();
    expect(tokens.get('a', now)).toBe('1');
    expect(tokens.get('c', now)).toBe('3');
  });
});
