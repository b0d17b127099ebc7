/**
 * A newcomer's `npm install` on a clean clone: cold (an empty npm cache) and warm (the cache the
 * cold run filled), with `--foreground-scripts` so every install script's output is kept, and
 * the lines that show a compiler at work counted (node-gyp, make, cc/c++). Opt-in only:
 * `BENCH_ONLY=install npm run bench` (about 2 × the install's time, 2 × 1.6 GB under the temporary
 * directory, removed afterwards). BENCH_INSTALL_COMMIT measures another commit of this repository
 * (the default is HEAD; commit first), e.g. the one before a dependency change.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runWhenMain } from './support/main';

/** Lines of node-gyp, make and the C/C++ compilers in an install's output. */
const COMPILER_LINE = /gyp info|gyp ERR|make(\[\d+\])?: |\b(CXX|CC)\(target\)|\b(cc1|cc1plus|g\+\+|clang\+\+)\b/;

interface Install {
  seconds: number;
  compilerLines: number;
  scripts: string[];
}

function install(repo: string, commit: string, cache: string, work: string, label: string): Install {
  const clone = path.join(work, label);
  execFileSync('git', ['clone', '--quiet', repo, clone]);
  execFileSync('git', ['-C', clone, 'checkout', '--quiet', commit]);
  const started = performance.now();
  const result = spawnSync('npm', ['install', '--foreground-scripts', '--no-audit', '--no-fund'], {
    cwd: clone,
    env: { ...process.env, npm_config_cache: cache },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const output = `${result.stdout}\n${result.stderr}`;
  writeFileSync(path.join(work, `${label}.log`), output);
  if (result.status !== 0) throw new Error(`npm install (${label}) exited with ${result.status}: ${output.slice(-2000)}`);
  const lines = output.split('\n');
  return {
    seconds,
    compilerLines: lines.filter((line) => COMPILER_LINE.test(line)).length,
    scripts: lines.filter((line) => /^> \S+@\S+ (pre|post)?install$/.test(line)).map((line) => line.slice(2)),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const repo = process.cwd();
  const commit = execFileSync('git', ['rev-parse', process.env.BENCH_INSTALL_COMMIT ?? 'HEAD'], { encoding: 'utf8' }).trim();
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-install-'));
  const cache = path.join(work, 'npm-cache');
  try {
    const cold = install(repo, commit, cache, work, 'cold');
    const warm = install(repo, commit, cache, work, 'warm');
    return {
      commit: commit.slice(0, 12),
      'cold s': cold.seconds,
      'warm s': warm.seconds,
      'compiler lines (cold, warm)': `${cold.compilerLines}, ${warm.compilerLines}`,
      'install scripts run': warm.scripts.join(', ') || 'none',
      'load average at the end': os.loadavg()[0].toFixed(1),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

runWhenMain(module, run);
