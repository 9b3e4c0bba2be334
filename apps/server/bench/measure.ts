import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

// Timing, CPU accounting and load of the machine for npm run bench.

export type Latency = { p50: number; p95: number; load: number };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

// The 1-minute load average: printed beside every ratio, since other work shares the cores.
export const load1 = (): number => os.loadavg()[0] ?? 0;

export async function timed(warmup: number, n: number, fn: (i: number) => Promise<void>): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), load: load1() };
}

const TICK = 100; // USER_HZ on Linux

// CPU seconds (user + system) a process has used so far; 0 where /proc is missing.
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  if (!existsSync('/proc')) return [];
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

// Where the CPU went while `fn` ran: this process (the load generator), the API server and
// PostgreSQL (the postmaster and every backend), in CPU seconds per wall second.
export async function cpuSplit<T>(
  pids: { server: number; postmaster: number },
  fn: () => Promise<T>,
): Promise<{ result: T; client: number; server: number; postgres: number }> {
  const pgPids = () => [pids.postmaster, ...childrenOf(pids.postmaster)];
  const before = { client: process.cpuUsage(), server: cpuOf(pids.server), pg: new Map(pgPids().map((p) => [p, cpuOf(p)])) };
  const t0 = Date.now();
  const result = await fn();
  const wall = (Date.now() - t0) / 1000;
  const c = process.cpuUsage(before.client);
  let pg = 0;
  for (const p of pgPids()) pg += cpuOf(p) - (before.pg.get(p) ?? 0);
  return {
    result,
    client: (c.user + c.system) / 1e6 / wall,
    server: (cpuOf(pids.server) - before.server) / wall,
    postgres: pg / wall,
  };
}

export function ppidOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}
