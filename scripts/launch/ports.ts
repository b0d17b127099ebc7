import net from 'node:net';

/** Resolves true when something accepts TCP connections on host:port. */
export function isPortOpen(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(port: number, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isPortOpen(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new LaunchError(`${what} did not start on port ${port} within ${Math.round(timeoutMs / 1000)} s.`);
}

/** Fails with one line naming the port and the variable that moves it. */
export async function assertPortFree(port: number, variable: string): Promise<void> {
  if (await isPortOpen(port)) {
    throw new LaunchError(`Port ${port} is already in use; set ${variable} to a free port.`);
  }
}

/** An error the launcher prints as one line, without a stack. */
export class LaunchError extends Error {}
