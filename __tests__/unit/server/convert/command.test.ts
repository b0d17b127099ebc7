/** @jest-environment node */
import { parseArguments } from '../../../../scripts/convert';

describe('npm run convert arguments', () => {
  it('reads dictionary lists and takes the last file as the text', () => {
    expect(parseArguments(['--vietphrase', 'a.txt', 'b.txt', '--names', 'n.txt', 'story.txt'])).toEqual({
      files: { vietPhrase: ['a.txt', 'b.txt'], names: ['n.txt'] },
      input: 'story.txt',
    });
    expect(parseArguments(['--qt-dir', 'QT', 'story.txt'])).toEqual({ files: { vietPhrase: [], names: [], qtDir: 'QT' }, input: 'story.txt' });
  });

  it('refuses an unknown option or a missing text', () => {
    expect(() => parseArguments(['--vp', 'a.txt', 'story.txt'])).toThrow(/unknown option --vp/);
    expect(() => parseArguments([])).toThrow(/usage/);
  });
});
