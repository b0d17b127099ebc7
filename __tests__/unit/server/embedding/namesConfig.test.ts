/** @jest-environment node */
import { parseNamesConfig } from '@/server/config/names';
import { checkServerConfig } from '@/server/bootConfig';

describe('parseNamesConfig', () => {
  it('shares a name proposed by 3 readers by default; a blank value takes the default', () => {
    expect(parseNamesConfig({})).toEqual({ NAMES_SHARE_THRESHOLD: 3 });
    expect(parseNamesConfig({ NAMES_SHARE_THRESHOLD: ' ' })).toEqual({ NAMES_SHARE_THRESHOLD: 3 });
    expect(parseNamesConfig({ NAMES_SHARE_THRESHOLD: '5' })).toEqual({ NAMES_SHARE_THRESHOLD: 5 });
  });

  it('names the variable of a bad value, also in the start-up check', () => {
    for (const value of ['0', 'ba', '2.5']) expect(() => parseNamesConfig({ NAMES_SHARE_THRESHOLD: value })).toThrow(/NAMES_SHARE_THRESHOLD/);
    const report = checkServerConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x@127.0.0.1/x', NAMES_SHARE_THRESHOLD: '0' } as unknown as NodeJS.ProcessEnv);
    expect(report.problems.join('\n')).toMatch(/NAMES_SHARE_THRESHOLD/);
  });
});
