/** @jest-environment node */
import { parseJobsConfig } from '@/server/config/jobs';

describe('parseJobsConfig', () => {
  it('checks every 30 minutes by default, with no jobs secret', () => {
    expect(parseJobsConfig({} as NodeJS.ProcessEnv)).toEqual({ EMBED_CHECK_INTERVAL_MINUTES: 30 });
  });

  it('reads the interval (0 turns the check off) and the secret', () => {
    const env = { EMBED_CHECK_INTERVAL_MINUTES: '0', JOBS_SECRET: 'long-enough' } as unknown as NodeJS.ProcessEnv;
    expect(parseJobsConfig(env)).toEqual({ EMBED_CHECK_INTERVAL_MINUTES: 0, JOBS_SECRET: 'long-enough' });
  });

  it('names the variable of a bad value', () => {
    expect(() => parseJobsConfig({ EMBED_CHECK_INTERVAL_MINUTES: 'often' } as unknown as NodeJS.ProcessEnv)).toThrow(/EMBED_CHECK_INTERVAL_MINUTES/);
    expect(() => parseJobsConfig({ JOBS_SECRET: 'short' } as unknown as NodeJS.ProcessEnv)).toThrow(/JOBS_SECRET/);
  });
});
