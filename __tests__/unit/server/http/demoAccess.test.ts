import { demoRefusalReason, isLoopbackHost } from '@/server/http/demoAccess';

const reader = (headers: Record<string, string>) => (name: string) => headers[name];
const local = { host: '127.0.0.1:3000' };

describe('demoRefusalReason', () => {
  it('lets a browser on this machine in, by any loopback name', () => {
    expect(demoRefusalReason(reader(local), '127.0.0.1')).toBeNull();
    expect(demoRefusalReason(reader({ host: 'localhost:3000', 'x-forwarded-for': '::1' }), '::ffff:127.0.0.1')).toBeNull();
    expect(demoRefusalReason(reader({ host: '[::1]:3000', origin: 'http://localhost:3000' }), '::1')).toBeNull();
    // The proxy sees Next's own X-Forwarded-* filled from the socket.
    expect(demoRefusalReason(reader({ host: '127.0.0.1:3000', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': '127.0.0.1:3000' }))).toBeNull();
  });

  it('refuses a request that came through a proxy', () => {
    expect(demoRefusalReason(reader({ ...local, 'x-forwarded-for': '203.0.113.5' }), '127.0.0.1')).toMatch(/forwarded/);
    expect(demoRefusalReason(reader({ ...local, 'x-forwarded-for': '127.0.0.1, 203.0.113.5' }))).toMatch(/forwarded/);
    expect(demoRefusalReason(reader({ ...local, 'x-forwarded-host': 'truyen.example' }), '127.0.0.1')).toMatch(/host/);
    expect(demoRefusalReason(reader({ ...local, forwarded: 'for=203.0.113.5' }), '127.0.0.1')).toMatch(/forwarded/);
    expect(demoRefusalReason(reader({ ...local, via: '1.1 nginx' }), '127.0.0.1')).toMatch(/via/);
    expect(demoRefusalReason(reader({ ...local, 'x-real-ip': '203.0.113.5' }), '127.0.0.1')).toMatch(/x-real-ip/);
  });

  it('refuses other hosts, other clients and pages of other sites', () => {
    expect(demoRefusalReason(reader({ host: 'truyen.example' }), '127.0.0.1')).toMatch(/host/);
    expect(demoRefusalReason(reader({ host: '192.168.1.20:3000' }), '192.168.1.30')).toMatch(/client/);
    expect(demoRefusalReason(reader(local), '203.0.113.5')).toMatch(/client/);
    expect(demoRefusalReason(reader({ ...local, origin: 'https://evil.example' }), '127.0.0.1')).toMatch(/origin/);
    expect(demoRefusalReason(reader({ ...local, origin: 'null' }), '127.0.0.1')).toMatch(/origin/);
    expect(demoRefusalReason(reader({}), '127.0.0.1')).toMatch(/host/);
  });

  it('knows loopback names', () => {
    expect(['localhost', 'app.localhost:80', '127.9.9.9', '[::1]', '[::1]:8080'].every(isLoopbackHost)).toBe(true);
    expect(['localhost.example', '10.0.0.1', '[2001:db8::1]', '127.0.0.1.nip.io'].some(isLoopbackHost)).toBe(false);
  });
});
