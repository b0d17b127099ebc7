import { SITE_SEMI_SPACE_MB, siteNodeOptions } from '@/scripts/launch/nodeOptions';

describe('siteNodeOptions', () => {
  it('gives the site processes a larger young generation', () => {
    expect(siteNodeOptions(undefined)).toBe(`--max-semi-space-size=${SITE_SEMI_SPACE_MB}`);
    expect(siteNodeOptions('')).toBe(`--max-semi-space-size=${SITE_SEMI_SPACE_MB}`);
  });

  it("keeps the operator's other options", () => {
    expect(siteNodeOptions('--max-old-space-size=2048 --enable-source-maps')).toBe(
      `--max-old-space-size=2048 --enable-source-maps --max-semi-space-size=${SITE_SEMI_SPACE_MB}`,
    );
  });

  it("leaves the operator's own semi-space size alone", () => {
    expect(siteNodeOptions('--max-semi-space-size=8')).toBe('--max-semi-space-size=8');
    expect(siteNodeOptions('--inspect --max-semi-space-size=128')).toBe('--inspect --max-semi-space-size=128');
  });
});
