/** @jest-environment node */
import { parseSeedFlags } from '@/scripts/seed';

describe('parseSeedFlags (npm run db:seed -- …)', () => {
  it('means the demo catalogue without flags', () => {
    expect(parseSeedFlags([])).toBeNull();
  });

  it('reads the large catalogue flags, also in --flag=value form', () => {
    expect(parseSeedFlags(['--stories', '10000', '--chapters-per-story', '50'])).toEqual({ stories: 10000, chaptersPerStory: 50 });
    expect(parseSeedFlags(['--stories=20', '--chapters-per-story=3'])).toEqual({ stories: 20, chaptersPerStory: 3 });
  });

  it('refuses unknown flags, missing values and bad numbers with a clear message', () => {
    expect(() => parseSeedFlags(['--story', '5'])).toThrow(/Tham số không hợp lệ: --story/);
    expect(() => parseSeedFlags(['--stories'])).toThrow(/Thiếu giá trị cho --stories/);
    expect(() => parseSeedFlags(['--stories', 'abc', '--chapters-per-story', '5'])).toThrow(/--stories/);
    expect(() => parseSeedFlags(['--stories', '5'])).toThrow(/--chapters-per-story/);
    expect(() => parseSeedFlags(['--stories', '0', '--chapters-per-story', '5'])).toThrow(/--stories/);
    expect(() => parseSeedFlags(['--stories', '2.5', '--chapters-per-story', '5'])).toThrow(/--stories/);
  });
});
