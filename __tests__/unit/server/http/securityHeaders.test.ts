import { FIRST_PAINT_SCRIPT } from '@/lib/firstPaintScript';
import { bootstrapScripts, cspHash } from '@/server/http/inlineScripts';
import { contentSecurityPolicy, securityHeaders, type SecuritySettings } from '@/server/http/securityHeaders';

const base: SecuritySettings = {
  dev: false,
  https: false,
  scriptHashes: [cspHash(FIRST_PAINT_SCRIPT)],
  emulatorOrigin: null,
  firebaseAuthDomain: null,
  ads: false,
  connectOrigins: [],
};

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split('; ').map((part) => {
    const [name, ...sources] = part.split(' ');
    return [name, sources];
  }));
}

describe('contentSecurityPolicy', () => {
  it('allows only the site itself and its hashed inline scripts by default', () => {
    const policy = directives(contentSecurityPolicy(base));
    expect(policy['script-src']).toEqual(["'self'", cspHash(FIRST_PAINT_SCRIPT)]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
  });

  it('adds the emulator in demo mode, Firebase and ad origins only when configured', () => {
    const demo = directives(contentSecurityPolicy({ ...base, emulatorOrigin: 'http://127.0.0.1:9099' }));
    expect(demo['connect-src']).toContain('http://127.0.0.1:9099');
    expect(demo['script-src'].join(' ')).not.toMatch(/google/);

    const real = directives(contentSecurityPolicy({ ...base, firebaseAuthDomain: 'truyen.firebaseapp.com', ads: true, connectOrigins: ['https://api.truyen.example'] }));
    expect(real['connect-src']).toEqual(expect.arrayContaining(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://api.truyen.example']));
    expect(real['frame-src']).toEqual(expect.arrayContaining(['https://truyen.firebaseapp.com']));
    expect(real['script-src']).toEqual(expect.arrayContaining(['https://pagead2.googlesyndication.com', 'https://apis.google.com']));
  });

  it('sends HSTS and upgrades requests only over HTTPS, and always a Permissions-Policy', () => {
    expect(securityHeaders(base)['Strict-Transport-Security']).toBeUndefined();
    const https = securityHeaders({ ...base, https: true });
    expect(https['Strict-Transport-Security']).toMatch(/max-age=\d{7,}/);
    expect(https['Content-Security-Policy']).toMatch(/upgrade-insecure-requests/);
    expect(https['Permissions-Policy']).toMatch(/camera=\(\)/);
  });

  it('gives next dev what its tooling needs instead of hashes', () => {
    const dev = directives(contentSecurityPolicy({ ...base, dev: true }));
    expect(dev['script-src']).toEqual(expect.arrayContaining(["'unsafe-eval'", "'unsafe-inline'"]));
    expect(dev['script-src']).not.toContain(cspHash(FIRST_PAINT_SCRIPT));
  });
});

describe('bootstrapScripts', () => {
  it('makes one script per page from the build manifest, as the document inlines it', () => {
    const scripts = bootstrapScripts({
      chunkLoadingGlobal: 'TURBOPACK',
      pagesChunkGroupBootstrapParams: { '/_app': ['a.js'], '/truyen': ['b.js'], '/[storyslug]': ['<c>.js'] },
    });
    expect(scripts).toHaveLength(3);
    expect(scripts.find((script) => script.includes('b.js'))).toContain('"a.js"');
    expect(scripts.join('')).not.toContain('<');
    expect(bootstrapScripts({})).toEqual([]);
  });
});
