/**
 * @jest-environment node
 */
import { parseServerEnv } from '@/server/env';
import { storySlugOf } from '@/server/site/takedownGate';

describe('storySlugOf', () => {
  it('names the story of its page, chapter pages and their data', () => {
    expect(storySlugOf('/kiem-lai')).toBe('kiem-lai');
    expect(storySlugOf('/kiem-lai/')).toBe('kiem-lai');
    expect(storySlugOf('/kiem-lai/chuong-240?utm=x')).toBe('kiem-lai');
    expect(storySlugOf('/_next/data/build-1/kiem-lai.json')).toBe('kiem-lai');
    expect(storySlugOf('/_next/data/build-1/kiem-lai/chuong-3.json?storyslug=kiem-lai')).toBe('kiem-lai');
    expect(storySlugOf('/ti%E1%BA%BFng-vi%E1%BB%87t')).toBe('tiếng-việt');
  });

  it('names no story for deeper paths, assets or a broken escape', () => {
    expect(storySlugOf('/_next/static/chunks/main.js')).toBeNull();
    expect(storySlugOf('/api/book/slug/kiem-lai')).toBeNull();
    expect(storySlugOf('/%E0%A4%A')).toBeNull();
    expect(storySlugOf('/')).toBeNull();
  });
});

describe('PUSH_ALLOW_LOOPBACK', () => {
  const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', PUSH_ALLOW_LOOPBACK: '1' } as NodeJS.ProcessEnv;

  it('is accepted on the demo set-up, before and after the launcher names the emulator', () => {
    expect(() => parseServerEnv({ ...base, FIREBASE_PROJECT_ID: 'demo-truyen-audio' })).not.toThrow();
    expect(() => parseServerEnv({ ...base, FIREBASE_PROJECT_ID: 'demo-truyen-audio', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).not.toThrow();
  });

  it('is refused in production with a real Firebase project', () => {
    expect(() => parseServerEnv({ ...base, FIREBASE_PROJECT_ID: 'truyen-audio-prod' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
  });
});
