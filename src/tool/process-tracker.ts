// Which processes belong to one running tool, and how much memory they hold together. Under the
// subreaper (launch.ts) that is exactly the subreaper's descendants; without it, the tool's process
// group, every descendant ever seen, and every process carrying the run's PIXIE_RUN_ID marker.
import { readFileSync } from 'node:fs';
import { allProcesses, descendantsOf, type ProcInfo, processesWithEnv, processTree, readStat } from './processes.js';

export class ProcessTracker {
  peakMb = 0;
  /** pid → start time of every process of the tool ever seen (start time guards against pid reuse) */
  private readonly known = new Map<number, number>();

  constructor(
    /** the tool's own process, leader of its process group */
    private readonly pgid: number,
    /** the process every process of the tool descends from: the subreaper, else the tool itself */
    private readonly root: number,
    /** the tool runs under a live subreaper, so descent is the whole truth */
    private readonly contained: () => boolean,
    private readonly marker: string,
  ) {}

  private members(procs: ProcInfo[]): ProcInfo[] {
    const out = new Map<number, ProcInfo>();
    for (const p of descendantsOf(this.root, procs)) out.set(p.pid, p);
    if (!this.contained()) for (const p of procs) if (p.pgid === this.pgid) out.set(p.pid, p);
    return [...out.values()];
  }

  /**
   * The processes this tracker judges from: under a live subreaper its tree, with every process
   * of the tool seen before that is still alive; else every process on the machine.
   */
  look(): ProcInfo[] {
    if (process.platform !== 'linux') return [];
    const tree = this.contained() ? processTree(this.root) : null;
    if (!tree) return allProcesses();
    const inTree = new Set(tree.map((p) => p.pid));
    for (const pid of this.known.keys()) {
      const p = inTree.has(pid) ? null : readStat(pid);
      if (p) tree.push(p);
    }
    return tree;
  }

  /** `procs`: a listing just read by look(), when the caller needs one too */
  sample(procs?: ProcInfo[]): void {
    if (process.platform !== 'linux') return;
    let kb = 0;
    for (const p of this.members(procs ?? this.look())) {
      kb += p.rssKb;
      this.known.set(p.pid, p.startTime);
    }
    this.peakMb = Math.max(this.peakMb, kb / 1024);
  }

  /** Live processes of the tool, with their process group. */
  alive(listing?: ProcInfo[]): ProcInfo[] {
    if (process.platform !== 'linux') return [];
    const procs = listing ?? this.look();
    const out = new Map<number, ProcInfo>();
    for (const p of this.members(procs)) out.set(p.pid, p);
    const byPid = new Map(procs.map((p) => [p.pid, p]));
    for (const [pid, start] of this.known) {
      const p = byPid.get(pid);
      if (p && p.startTime === start) out.set(pid, p);
    }
    if (!this.contained())
      for (const pid of processesWithEnv('PIXIE_RUN_ID', this.marker)) {
        const p = byPid.get(pid);
        if (p) out.set(pid, p);
      }
    return [...out.values()];
  }
}

/** `pid (command line)`, for naming a process in a message. */
export function describeProcess(pid: number): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '').replace(/\0/g, ' ');
    // a tool's command line is its own text: keep it short and printable
    const shown = cmd.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
    return shown ? `${pid} (${shown}${cmd.length > 80 ? '…' : ''})` : String(pid);
  } catch {
    return String(pid);
  }
}
