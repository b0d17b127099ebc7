/**
 * Worker thread running the espeak-ng WASM build (npm "espeak-ng", GPL-3.0, a separate module).
 * The build is the espeak-ng command line: every run is a fresh module instance that executes main
 * once, so the compiled WebAssembly is kept and only instantiated per request (about 0.15 s instead
 * of 0.35 s). Synthesis is CPU-bound and runs here so that the server's event loop stays free.
 *
 * Message in: { id, args, text }. Message out: { id, wav } (transferred) or { id, error }.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

const wasmUrl = new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng'));
const compiled = WebAssembly.compile(await readFile(wasmUrl));

async function synthesize(args, text) {
  const wasmModule = await compiled;
  const messages = [];
  const exitCode = process.exitCode;
  try {
    const instance = await ESpeakNg({
      arguments: [...args, '-w', '/out.wav', '-f', '/in.txt'],
      preRun: [(mod) => mod.FS.writeFile('/in.txt', text)],
      instantiateWasm: (imports, receive) => {
        WebAssembly.instantiate(wasmModule, imports).then((created) => receive(created, wasmModule));
        return {};
      },
      print: (line) => messages.push(line),
      printErr: (line) => messages.push(line),
    });
    // An unknown voice still leaves an empty WAV behind; the error line tells.
    const error = messages.find((line) => line.startsWith('Error'));
    if (error || !instance.FS.analyzePath('/out.wav').exists) {
      throw new Error(`espeak-ng produced no audio: ${error ?? 'no output file'}`);
    }
    return instance.FS.readFile('/out.wav');
  } finally {
    // The Emscripten runtime sets process.exitCode when espeak-ng exits with an error.
    process.exitCode = exitCode;
  }
}

parentPort.on('message', async ({ id, args, text }) => {
  try {
    const wav = await synthesize(args, text);
    parentPort.postMessage({ id, wav }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
