/** @jest-environment node */
import { jobsConfig } from '@/server/jobs/config';

describe('jobsConfig', () => {
  it('checks every 30 minutes by default, with no jobs secret', () => {
    expect(jobsConfig({} as NodeJS.ProcessEnv)).toEqual({ EMBED_CHECK_INTERVAL_MINUTES: 30 });
  });

  it('reads the interval (0 turns the check off) and the secret', () => {
    const env = { EMBED_CHECK_INTERVAL_MINUTES: '0', JOBS_SECRET: 'long-enough' } as unknown as NodeJS.ProcessEnv;
    expect(jobsConfig(env)).toEqual({ EMBED_CHECK_INTERVAL_MINUTES: 0, JOBS_SECRET: 'long-enough' });
  });

  it('names the variable of a bad value', () => {
    expect(() => jobsConfig({ EMBED_CHECK_INTERVAL_MINUTES: 'often' } as unknown as NodeJS.ProcessEnv)).toThrow(/EMBED_CHECK_INTERVAL_MINUTES/);
    expect(() => jobsConfig({ JOBS_SECRET: 'short' } as unknown as NodeJS.ProcessEnv)).toThrow(/JOBS_SECRET/);
  });
});
