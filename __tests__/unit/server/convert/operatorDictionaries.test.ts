/** @jest-environment node */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'convert-operator-'));
const vietPhrase = path.join(dir, 'VietPhrase.txt');
writeFileSync(vietPhrase, '修炼=tu luyện\n没有等号\n');

type Module = typeof import('@/server/convert/operatorDictionaries');

function freshModule(env: Record<string, string>): { module: Module; readFile: jest.SpyInstance } {
  let loaded: Module | undefined;
  let spy: jest.SpyInstance | undefined;
  // The loaded dictionaries are kept on globalThis for the process; each test starts a new one.
  delete (globalThis as { __truyenConvert?: unknown }).__truyenConvert;
  jest.isolateModules(() => {
    Object.assign(process.env, env);
    // Spied inside the isolated registry, where the loader imports node:fs/promises.
    spy = jest.spyOn(jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises'), 'readFile');
    loaded = jest.requireActual<Module>('@/server/convert/operatorDictionaries');
  });
  return { module: loaded!, readFile: spy! };
}

afterEach(() => {
  delete process.env.CONVERT_VIETPHRASE_FILES;
  delete process.env.CONVERT_NAMES_FILES;
  jest.restoreAllMocks();
});

describe('operator dictionaries of the process', () => {
  it('are empty until loaded in the background, then loaded once', async () => {
    const { module, readFile } = freshModule({ CONVERT_VIETPHRASE_FILES: vietPhrase });
    expect(module.currentDictionaries().vietPhrase.size).toBe(0);
    const dictionaries = await module.dictionariesReady();
    expect(dictionaries.vietPhrase.get('修炼')).toBe('tu luyện');
    expect(module.currentDictionaries()).toBe(dictionaries);
    await module.dictionariesReady();
    expect(readFile).toHaveBeenCalledTimes(1);
  });

  it('are shared by every copy of the module in the process (Next.js bundles load it more than once)', async () => {
    const first = freshModule({ CONVERT_VIETPHRASE_FILES: vietPhrase }).module;
    const loaded = await first.dictionariesReady();
    let second: Module | undefined;
    jest.isolateModules(() => {
      second = jest.requireActual<Module>('@/server/convert/operatorDictionaries');
    });
    expect(second).not.toBe(first);
    expect(second!.currentDictionaries()).toBe(loaded);
  });

  it('remember a file that cannot be read: no re-read, no throw, the rest still load', async () => {
    const missing = path.join(dir, 'missing.txt');
    const { module, readFile } = freshModule({ CONVERT_VIETPHRASE_FILES: vietPhrase, CONVERT_NAMES_FILES: missing });
    const first = await module.dictionariesReady();
    expect(first.vietPhrase.size).toBe(1);
    expect(first.names.size).toBe(0);
    for (let request = 0; request < 3; request++) expect(module.currentDictionaries()).toBe(first);
    expect(readFile).toHaveBeenCalledTimes(2);
  });
});
