// Finds processes a tool left behind: anything whose working directory is inside the tool folder
// (tools are started there and their children inherit it, even after leaving the process group).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export function processesUnder(dir: string): { pid: number; cmdline: string }[] {
  const root = path.resolve(dir);
  const out: { pid: number; cmdline: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      const state = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (state.slice(state.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (cwd === root || cwd.startsWith(root + path.sep)) {
        out.push({
          pid: Number(name),
          cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim(),
        });
      }
    } catch {
      // gone, or not ours
    }
  }
  return out;
}

/** Live processes whose command line contains `marker` (the hostile daemons carry one wherever they chdir), with their state (R, S, T…). */
export function processesNamed(marker: string): { pid: number; cmdline: string; state: string }[] {
  const out: { pid: number; cmdline: string; state: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'Z') continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmdline.includes(marker)) out.push({ pid: Number(name), cmdline, state });
    } catch {
      // gone
    }
  }
  return out;
}
