import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time used by a process and all its descendants, read from /proc (Linux). A benchmark
 * reads it before and after a run: CPU milliseconds per request tells what the site costs,
 * whatever else the machine is doing, where requests per second depend on it.
 */

const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  command: string;
  /** utime + stime of the process itself, in ms. */
  cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command is in parentheses and may hold spaces; the fields after it are space-separated.
  const close = text.lastIndexOf(')');
  const command = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { pid, ppid, command, cpuMs: ((utime + stime) * 1_000) / TICKS_PER_SECOND };
}

function allProcesses(): ProcStat[] {
  if (os.platform() !== 'linux') return [];
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);
}

/** CPU ms per kind of process (by command name) in the tree under `rootPid`, the root included. */
export function treeCpu(rootPid: number): Map<string, number> {
  const processes = allProcesses();
  const children = new Map<number, ProcStat[]>();
  for (const stat of processes) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const byCommand = new Map<string, number>();
  const root = processes.find((stat) => stat.pid === rootPid);
  const queue = root ? [root] : [];
  while (queue.length > 0) {
    const stat = queue.shift()!;
    const kind = stat.command.startsWith('postgres') ? 'postgres' : stat.command;
    byCommand.set(kind, (byCommand.get(kind) ?? 0) + stat.cpuMs);
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return byCommand;
}

/** The difference of two readings; processes that ended in between are not counted. */
export function cpuSince(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  return new Map([...after].map(([kind, ms]) => [kind, Math.max(0, ms - (before.get(kind) ?? 0))]));
}

/** This process's own CPU (user + system) in ms. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
}
