import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's package installs the jar (and a link to it in /usr/bin that needs binfmt for jars). */
const JAR = '/usr/share/java/epubcheck.jar';

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(`${dir}/${command}`));
}

/** How to run epubcheck here, or null when it is not installed (`.ci/run` installs it). */
export function epubcheckCommand(): string[] | null {
  // A short run: the quick compiler and the serial collector start it several times faster.
  if (existsSync(JAR) && onPath('java')) return ['java', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', JAR];
  return null;
}

export interface EpubcheckResult {
  fatals: number;
  errors: number;
  warnings: number;
  output: string;
}

/** Java starts slowly on a busy machine; a run takes seconds on an idle one. */
export const EPUBCHECK_TIMEOUT_MS = 600_000;

/** Validates a file; the counts from epubcheck's summary line. */
export async function epubcheck(file: string): Promise<EpubcheckResult> {
  const command = epubcheckCommand();
  if (!command) throw new Error('epubcheck is not installed');
  const [program, ...args] = command;
  // epubcheck exits 1 when it finds a problem: its summary is read either way.
  const { stdout, stderr, ended } = await run(program, [...args, file], { timeout: EPUBCHECK_TIMEOUT_MS }).then(
    (done) => ({ ...done, ended: '' }),
    (error: { stdout?: string; stderr?: string; killed?: boolean; signal?: string; code?: number }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
      ended: error.killed ? `killed (${error.signal ?? 'timeout'})` : `exit ${error.code ?? '?'}`,
    }),
  );
  const output = `${stdout}\n${stderr}\n${ended}`;
  const summary = /Messages:\s*(\d+) fatals? \/ (\d+) errors? \/ (\d+) warnings?/.exec(output);
  if (summary) return { fatals: Number(summary[1]), errors: Number(summary[2]), warnings: Number(summary[3]), output };
  if (/No errors or warnings detected/.test(output)) return { fatals: 0, errors: 0, warnings: 0, output };
  throw new Error(`epubcheck gave no summary:\n${output}`);
}
