import { act, render, screen } from '@testing-library/react';
import { AuthContext, type AuthContextValue } from '@/context/AuthContext';
import { useVip } from '@/hooks/useVip';
import type { AccountProfile } from '@/lib/auth/types';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

function Probe() {
  const vip = useVip();
  return <p data-testid="vip">{`${vip.status} ${vip.active}`}</p>;
}

function renderWith(status: AuthContextValue['status'], expireTime: number | null) {
  const user = expireTime === null ? null : ({ _id: 'u1', email: 'a@example.com', username: 'a', avatar: null, expireTime, createdAt: 0, emailVerified: true } satisfies AccountProfile);
  const value = { status, user } as AuthContextValue;
  return render(
    <AuthContext.Provider value={value}>
      <Probe />
    </AuthContext.Provider>,
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(NOW);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useVip', () => {
  it('is unknown while the session is being restored', () => {
    renderWith('restoring', null);
    expect(screen.getByTestId('vip')).toHaveTextContent('unknown false');
  });

  it('is a visitor when signed out', () => {
    renderWith('signedOut', null);
    expect(screen.getByTestId('vip')).toHaveTextContent('visitor false');
  });

  it('is a visitor when the expiry has passed', () => {
    renderWith('signedIn', NOW / 1000 - 60);
    expect(screen.getByTestId('vip')).toHaveTextContent('visitor false');
  });

  it('is a member until the second of expiry, and not from it on, without a reload', () => {
    const expireTime = NOW / 1000 + 2;
    renderWith('signedIn', expireTime);
    expect(screen.getByTestId('vip')).toHaveTextContent('member true');
    act(() => jest.advanceTimersByTime(1_999));
    expect(screen.getByTestId('vip')).toHaveTextContent('member true');
    act(() => jest.advanceTimersByTime(2));
    expect(screen.getByTestId('vip')).toHaveTextContent('visitor false');
  });

  it('is not a member at expireTime exactly', () => {
    renderWith('signedIn', NOW / 1000);
    expect(screen.getByTestId('vip')).toHaveTextContent('visitor false');
  });
});
