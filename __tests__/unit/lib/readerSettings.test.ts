import { DEFAULT_READER_SETTINGS, normalizeReaderSettings, readerSettingsSnapshot, updateReaderSettings } from '@/lib/readerSettings';

describe('reader settings', () => {
  it('keeps valid values and replaces bad ones by the defaults, clamping sizes', () => {
    expect(normalizeReaderSettings({ font: 'sans', size: 99, lineHeight: 0.2, background: 'sepia', width: 'huge', extra: 1 })).toEqual({
      font: 'sans',
      size: 32,
      lineHeight: 1.3,
      background: 'sepia',
      width: DEFAULT_READER_SETTINGS.width,
    });
    expect(normalizeReaderSettings('nonsense')).toEqual(DEFAULT_READER_SETTINGS);
  });

  it('saves to local storage and reads back the same snapshot', () => {
    updateReaderSettings({ ...DEFAULT_READER_SETTINGS, size: 24 });
    expect(JSON.parse(localStorage.getItem('readerSettings')!)).toMatchObject({ size: 24 });
    const first = readerSettingsSnapshot();
    expect(first.size).toBe(24);
    expect(readerSettingsSnapshot()).toBe(first);
  });
});
