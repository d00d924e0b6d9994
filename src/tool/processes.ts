// Linux process-table reads used to prove that no process of a tool survives, and to measure its
// resident memory. Reads /proc directly: no library covers process groups and environ markers, and
// `ps` would cost a spawn per sample. On other platforms these return empty results.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  rssKb: number;
  startTime: number;
}

const PAGE_KB = 4;

/** One process's stat line, or null once it ended (or is a zombie). */
export function readStat(pid: number): ProcInfo | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces and parentheses: fields start after the last ')'
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] = state, [1] = ppid, [2] = pgrp, [19] = start time (ticks since boot), [21] = rss in pages
    if (fields[0] === 'Z') return null; // a zombie holds no memory and is gone once reaped
    return {
      pid,
      ppid: Number(fields[1]),
      pgid: Number(fields[2]),
      rssKb: Number(fields[21]) * PAGE_KB,
      startTime: Number(fields[19]),
    };
  } catch {
    return null;
  }
}

function allPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  } catch {
    return [];
  }
}

/** Every live (non-zombie) process, read once. */
export function allProcesses(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const pid of allPids()) {
    const info = readStat(pid);
    if (info) out.push(info);
  }
  return out;
}

let childrenListed: boolean | null = null;

/**
 * Threads of one process whose children lists the walk reads. A process with more (a tool may start
 * thousands) is cheaper to cover by one stat per process on the machine than by a read per thread.
 */
const MAX_THREADS_WALKED = 64;

/**
 * The children of every thread of `pid` (a child belongs to the thread that forked it); [] once it
 * ended; null when it has more threads than the walk reads.
 */
function childrenOf(pid: number): number[] | null {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  if (tasks.length > MAX_THREADS_WALKED) return null;
  for (const task of tasks) {
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
        if (child) out.push(Number(child));
    } catch {
      // the thread ended
    }
  }
  return out;
}

/**
 * `root` and every live process descended from it, found by following each thread's `children`
 * file down from `root`: a few reads for a tool's handful of processes, where allProcesses reads the
 * stat of every process on the machine (hundreds on a desktop, several times a second). Null where
 * the kernel keeps no children files (built without CONFIG_PROC_CHILDREN), or where a process of the
 * tree has more threads than the walk reads: then scan them all.
 */
export function processTree(root: number): ProcInfo[] | null {
  childrenListed ??= (() => {
    try {
      readFileSync(`/proc/${process.pid}/task/${process.pid}/children`);
      return true;
    } catch {
      return false;
    }
  })();
  if (!childrenListed) return null;
  const out: ProcInfo[] = [];
  const seen = new Set<number>();
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    if (seen.has(pid)) continue; // a pid ended and reused during the walk
    seen.add(pid);
    const info = readStat(pid);
    if (!info) continue; // ended, or a zombie (whose children, if any, went to the subreaper)
    out.push(info);
    const children = childrenOf(pid);
    if (!children) return null;
    for (const child of children) queue.push(child);
  }
  return out;
}

/** Is this process stopped (SIGSTOP, or a tracer's)? */
export function isStopped(pid: number): boolean {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[Tt]/.test(text.slice(text.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** Is this process alive (and not a zombie)? */
export function isRunning(pid: number): boolean {
  return readStat(pid) !== null;
}

/** Processes descended from `root` (children, grandchildren…), by parent links. */
export function descendantsOf(root: number, procs: ProcInfo[]): ProcInfo[] {
  const children = new Map<number, ProcInfo[]>();
  for (const p of procs) {
    const list = children.get(p.ppid);
    if (list) list.push(p);
    else children.set(p.ppid, [p]);
  }
  const out: ProcInfo[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

/** Live processes whose environment carries `NAME=value` (inherited by every descendant, even one that left the group). */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = Buffer.from(`${name}=${value}\0`);
  const out: number[] = [];
  for (const pid of allPids()) {
    if (pid === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${pid}/environ`);
      if (env.includes(needle) && readStat(pid)) out.push(pid);
    } catch {
      // process ended or is not ours
    }
  }
  return out;
}

export function peakResidentMbOf(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function killQuietly(target: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}
