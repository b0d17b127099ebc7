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

/**
 * Starts a site process and resolves once it listens. The process tells the launcher so over IPC
 * and waits for the launcher's answer before it says it is ready (server/site/main.ts), so a
 * restart is counted (GET /api/health) before the new process's first answer can be read. The
 * first process warms up before it listens; one started in place of a dead one (`again`) listens
 * at once and warms up while it serves, since no other process serves meanwhile.
 */
function startSite({ server, host, port, env }: SiteOptions, again: boolean): Promise<ChildProcess> {
  // A launcher child from the start: a shutdown while it warms up, before it listens, stops it too.
  const child = spawnChild(process.execPath, [server], {
    env: { ...env, SITE_READY_HANDSHAKE: '1', SITE_SERVE_BEFORE_WARM: again ? '1' : '' },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let listening = false;
    child.once('message', () => {
      listening = true;
      resolve(child);
      // After the launcher has counted the start (keepRunning's continuation runs first).
      setImmediate(() => child.connected && child.send({ counted: true }));
    });
    const poll = async () => {
      if (listening) return;
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(new LaunchError(`The site process exited (${child.signalCode ?? `code ${child.exitCode}`}) before it listened on port ${port}.`));
      } else if (await isPortOpen(port, probeHost(host))) {
        // Listening without a word over IPC (an older build): taken as ready.
        setTimeout(() => {
          listening = true;
          resolve(child);
        }, 1_000);
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
  return keepRunning({ name: 'The site process', start: (again) => startSite(options, again), stop: (child) => stopProcess(child, 'SIGTERM', STOP_GRACE_MS), onRestart: options.onRestart });
}
