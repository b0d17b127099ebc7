import { isRemoteVoice, isVietnamese, pickVoice, rankVoices, voiceOptions } from '@/lib/player/voices';
import {
  CHROME_ANDROID,
  CHROME_ANDROID_UNDERSCORE,
  CHROME_WINDOWS,
  CHROME_WINDOWS_NO_VIETNAMESE,
  EDGE_WINDOWS,
  SAFARI_IOS,
  SAFARI_IOS_COMPACT,
  SAFARI_MACOS,
} from '../../../fixtures/voices/browsers';

const names = (voices: { name: string }[]) => voices.map((voice) => voice.name);

describe('The device’s best Vietnamese voice', () => {
  it('Edge: a natural online voice before the compact Microsoft An', () => {
    expect(pickVoice(EDGE_WINDOWS, null)?.name).toBe('Microsoft HoaiMy Online (Natural) - Vietnamese (Vietnam)');
    expect(names(voiceOptions(EDGE_WINDOWS))).toEqual([
      'Microsoft HoaiMy Online (Natural) - Vietnamese (Vietnam)',
      'Microsoft NamMinh Online (Natural) - Vietnamese (Vietnam)',
      'Microsoft An - Vietnamese (Vietnam)',
    ]);
  });

  it('Chrome on Windows: Microsoft An, since none of Google’s online voices is Vietnamese', () => {
    expect(pickVoice(CHROME_WINDOWS, null)?.name).toBe('Microsoft An - Vietnamese (Vietnam)');
    expect(names(voiceOptions(CHROME_WINDOWS))).toEqual(['Microsoft An - Vietnamese (Vietnam)']);
    expect(pickVoice(CHROME_WINDOWS_NO_VIETNAMESE, null)).toBeNull();
  });

  it('Chrome on Android: the speech engine’s Vietnamese voice, however the language is written', () => {
    expect(pickVoice(CHROME_ANDROID, null)?.name).toBe('Tiếng Việt Việt Nam');
    expect(pickVoice(CHROME_ANDROID_UNDERSCORE, null)?.lang).toBe('vi_VN');
  });

  it('Safari on iOS: the enhanced Linh once downloaded, else the compact one', () => {
    expect(pickVoice(SAFARI_IOS, null)?.voiceURI).toBe('com.apple.voice.enhanced.vi-VN.Linh');
    expect(names(voiceOptions(SAFARI_IOS))).toEqual(['Linh (Nâng cao)', 'Linh']);
    expect(pickVoice(SAFARI_IOS_COMPACT, null)?.voiceURI).toBe('com.apple.voice.compact.vi-VN.Linh');
  });

  it('Safari on macOS: the enhanced Linh, not a better English voice or the system default', () => {
    expect(pickVoice(SAFARI_MACOS, null)?.name).toBe('Linh (Enhanced)');
  });

  it('ranks every voice with the Vietnamese ones first, each group best first', () => {
    const ranked = names(rankVoices(EDGE_WINDOWS));
    expect(ranked.slice(0, 4)).toEqual([
      'Microsoft HoaiMy Online (Natural) - Vietnamese (Vietnam)',
      'Microsoft NamMinh Online (Natural) - Vietnamese (Vietnam)',
      'Microsoft An - Vietnamese (Vietnam)',
      'Microsoft AvaMultilingual Online (Natural) - English (United States)',
    ]);
    expect(ranked.at(-1)).toBe('Microsoft Zira - English (United States)');
    expect(rankVoices(EDGE_WINDOWS)).toHaveLength(EDGE_WINDOWS.length);
  });
});

describe('The reader’s choice', () => {
  it('is kept while the device has that voice', () => {
    expect(pickVoice(EDGE_WINDOWS, 'Microsoft An - Vietnamese (Vietnam)')?.name).toBe('Microsoft An - Vietnamese (Vietnam)');
    expect(pickVoice(SAFARI_IOS, 'com.apple.voice.compact.vi-VN.Linh')?.name).toBe('Linh');
  });

  it('gives way to the best voice on a device without it, and a non-Vietnamese voice is never chosen', () => {
    expect(pickVoice(CHROME_ANDROID, 'Microsoft NamMinh Online (Natural) - Vietnamese (Vietnam)')?.name).toBe('Tiếng Việt Việt Nam');
    expect(pickVoice(EDGE_WINDOWS, 'Microsoft Aria Online (Natural) - English (United States)')?.name).toMatch(/HoaiMy/);
  });

  it('local voices only, once a remote voice failed', () => {
    expect(pickVoice(EDGE_WINDOWS, null, { localOnly: true })?.name).toBe('Microsoft An - Vietnamese (Vietnam)');
    expect(pickVoice(EDGE_WINDOWS, 'Microsoft NamMinh Online (Natural) - Vietnamese (Vietnam)', { localOnly: true })?.name).toBe('Microsoft An - Vietnamese (Vietnam)');
  });
});

describe('voice helpers', () => {
  it('tells Vietnamese and remote voices', () => {
    expect(['vi', 'vi-VN', 'vi_VN', 'VI-vn'].every((lang) => isVietnamese({ lang }))).toBe(true);
    expect(['vie', 'en-VN', ''].some((lang) => isVietnamese({ lang }))).toBe(false);
    expect(isRemoteVoice(EDGE_WINDOWS.at(-1)!)).toBe(true);
    expect(isRemoteVoice(EDGE_WINDOWS[0])).toBe(false);
    expect(isRemoteVoice(null)).toBe(false);
  });
});
