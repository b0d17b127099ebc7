import { setApiHeaders } from '@/server/http/apiHeaders';

function headersOf(req: { headers: Record<string, string>; encrypted?: boolean }): Record<string, string> {
  const set: Record<string, string> = {};
  setApiHeaders({ headers: req.headers, socket: { encrypted: req.encrypted } as never }, { setHeader: (name, value) => (set[name.toLowerCase()] = value) });
  return set;
}

describe('setApiHeaders', () => {
  it('forbids scripts, frames and sniffing on every API answer', () => {
    const headers = headersOf({ headers: {} });
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS over HTTPS, direct or through a proxy that says so', () => {
    expect(headersOf({ headers: {}, encrypted: true })['strict-transport-security']).toMatch(/max-age=/);
    expect(headersOf({ headers: { 'x-forwarded-proto': 'https' } })['strict-transport-security']).toMatch(/max-age=/);
  });
});
