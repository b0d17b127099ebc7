import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { programSearchPath } from '@/server/env';
import { espeakArguments } from '@/server/tts/espeakArguments';
import type { SynthesisResult, TtsEngine } from '@/server/tts/types';
import { parseWav } from '@/server/tts/wav';

const PROGRAM = 'espeak-ng';
const DEFAULT_VOICE = 'vi';
const TIMEOUT_MS = 60_000;

/** The full path of the system espeak-ng program, or undefined when it is not installed. */
export function findEspeakBinary(searchPath = programSearchPath()): string | undefined {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, PROGRAM);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

function runEspeak(program: string, args: string[], text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`espeak-ng exited with ${signal ?? code}: ${Buffer.concat(err).toString().trim()}`));
    });
    child.stdin.end(text);
  });
}

/** The system espeak-ng program (apt package espeak-ng), run as a separate process per paragraph. */
export function createEspeakBinaryEngine(program: string): TtsEngine {
  return {
    id: 'espeak-ng-binary',
    defaultVoice: DEFAULT_VOICE,
    async synthesize(text, opts): Promise<SynthesisResult> {
      return parseWav(await runEspeak(program, espeakArguments(opts, DEFAULT_VOICE), text));
    },
  };
}
