/**
 * CPU time of the processes a load run involves, so the bench reports a figure that does not depend on what else
 * the machine is doing: user + system time (all threads) read from /proc/<pid>/stat before and after the run.
 * The PostgreSQL backends serving the bench's databases are found in pg_stat_activity (their CPU is part of a call
 * that reads rows); the load generator (autocannon, in the bench's own process) is measured with process.cpuUsage.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

/** CPU time in µs per named process (or group of processes). */
export type CpuTimes = Record<string, number>;

let ticksPerSecond: number | undefined;
const clockTicks = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** utime + stime of a process, in µs; undefined when it is gone or unreadable. */
export function processCpuMicros(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 (utime) and 15 (stime) of the whole line are 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1e6) / clockTicks() : undefined;
}

/** The CPU time of each named process now. */
export function cpuOfProcesses(pids: Record<string, number>): CpuTimes {
  const times: CpuTimes = {};
  for (const [name, pid] of Object.entries(pids)) {
    const micros = processCpuMicros(pid);
    if (micros !== undefined) times[name] = micros;
  }
  return times;
}

/** The bench process itself (the load generator runs in it). */
export function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Names of one process of a group, e.g. "postgres#1234": the group's figures are their sum (see byGroup). */
const GROUP_SEPARATOR = '#';

/**
 * The CPU time of each PostgreSQL backend connected to the given databases, as "postgres#<pid>" (none when the
 * server's processes cannot be read, e.g. a server on another host). Per backend, so that one opened or closed
 * between two readings is left out instead of counting its whole life.
 */
export async function postgresBackendsCpu(serverUrl: string, databases: string[]): Promise<CpuTimes> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = any($1) and pid <> pg_backend_pid()', [databases]);
    return cpuOfProcesses(Object.fromEntries(rows.map((row) => [`postgres${GROUP_SEPARATOR}${row.pid}`, row.pid])));
  } finally {
    await client.end();
  }
}

/** Figures of processes of one group ("postgres#1", "postgres#2") summed under the group's name. */
export function byGroup(times: CpuTimes): CpuTimes {
  const out: CpuTimes = {};
  for (const [name, value] of Object.entries(times)) {
    const group = name.split(GROUP_SEPARATOR)[0]!;
    out[group] = (out[group] ?? 0) + value;
  }
  return out;
}

/** after − before per name, divided by `requests`: µs of CPU per request (names missing from either are left out). */
export function perRequest(before: CpuTimes, after: CpuTimes, requests: number): CpuTimes {
  const out: CpuTimes = {};
  for (const [name, end] of Object.entries(after)) {
    const start = before[name];
    if (start !== undefined && requests > 0) out[name] = (end - start) / requests;
  }
  return out;
}

/**
 * The throughput the processes could reach on `cores` otherwise idle cores if CPU were the only limit: every
 * request costs the summed CPU time of every process it involves, load generator included.
 */
export function ceilingThroughput(microsPerRequest: CpuTimes, cores: number): number {
  const total = Object.values(microsPerRequest).reduce((sum, v) => sum + v, 0);
  return total > 0 ? (cores * 1e6) / total : Number.NaN;
}
