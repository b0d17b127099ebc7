import cluster from 'node:cluster';
import { schedulingPolicy, workerExecArgv } from '@/scripts/launch/cluster';

describe('workerExecArgv', () => {
  it('drops tsx\'s loader, in either spelling, and keeps every other flag', () => {
    const primary = [
      '--require',
      '/site/node_modules/tsx/dist/preflight.cjs',
      '--import',
      'file:///site/node_modules/tsx/dist/loader.mjs',
      '--max-old-space-size=2048',
      '--import=tsx',
      '--require',
      './otel.cjs',
      '--cpu-prof',
    ];
    expect(workerExecArgv(primary)).toEqual(['--max-old-space-size=2048', '--require', './otel.cjs', '--cpu-prof']);
  });

  it('leaves a primary run by plain Node as it is', () => {
    expect(workerExecArgv([])).toEqual([]);
    expect(workerExecArgv(['--enable-source-maps'])).toEqual(['--enable-source-maps']);
  });
});

describe('schedulingPolicy', () => {
  it('lets each worker accept its own connections unless the operator asks for round-robin', () => {
    expect(schedulingPolicy(undefined)).toBe(cluster.SCHED_NONE);
    expect(schedulingPolicy('none')).toBe(cluster.SCHED_NONE);
    expect(schedulingPolicy('rr')).toBe(cluster.SCHED_RR);
  });
});
