import type { ChildProcess } from 'node:child_process';
import { spawnChild, stopProcess } from './children';
import { isLoopback } from './config';
import { keepRunning, type KeptProcess } from './keepRunning';
import { LaunchError, isPortOpen } from './ports';

/**
 * `npm start`: one production site process (server/site/main.ts, as built), kept running: one
 * that dies is replaced (scripts/launch/keepRunning.ts) while the database stays up.
 */

const STOP_GRACE_MS = 10_000;

interface SiteOptions {
  server: string;
  host: string;
  port: number;
  env: NodeJS.ProcessEnv;
  onRestart: () => void;
}

/** Where to knock to see that the site listens. */
function probeHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || isLoopback(host) ? '127.0.0.1' : host;
}

function startSite({ server, host, port, env }: SiteOptions): Promise<ChildProcess> {
  // A launcher child from the start: a shutdown while it warms up, before it listens, stops it too.
  const child = spawnChild(process.execPath, [server], { env, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(new LaunchError(`The site process exited (${child.signalCode ?? `code ${child.exitCode}`}) before it listened on port ${port}.`));
      } else if (await isPortOpen(port, probeHost(host))) {
        resolve(child);
      } else {
        setTimeout(() => void poll(), 200);
      }
    };
    void poll();
  });
}

/** Starts the site process (a failure to start rejects) and replaces it whenever it dies. */
export function runSite(options: SiteOptions): Promise<KeptProcess> {
  console.log(`Starting the site process on http://${options.host}:${options.port}`);
  return keepRunning({ name: 'The site process', start: () => startSite(options), stop: (child) => stopProcess(child, 'SIGTERM', STOP_GRACE_MS), onRestart: options.onRestart });
}
