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
  if (existsSync(JAR) && onPath('java')) return ['java', '-jar', JAR];
  return null;
}

export interface EpubcheckResult {
  fatals: number;
  errors: number;
  warnings: number;
  output: string;
}

/** Validates a file; the counts from epubcheck's summary line. */
export async function epubcheck(file: string): Promise<EpubcheckResult> {
  const command = epubcheckCommand();
  if (!command) throw new Error('epubcheck is not installed');
  const [program, ...args] = command;
  const { stdout, stderr } = await run(program, [...args, file], { timeout: 120_000 }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  const output = `${stdout}\n${stderr}`;
  const summary = /Messages:\s*(\d+) fatals? \/ (\d+) errors? \/ (\d+) warnings?/.exec(output);
  if (summary) return { fatals: Number(summary[1]), errors: Number(summary[2]), warnings: Number(summary[3]), output };
  if (/No errors or warnings detected/.test(output)) return { fatals: 0, errors: 0, warnings: 0, output };
  throw new Error(`epubcheck gave no summary:\n${output}`);
}
