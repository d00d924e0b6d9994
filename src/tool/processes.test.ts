import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { allProcesses, descendantsOf, isRunning, processTree } from './processes.js';

const linux = process.platform === 'linux';
const started: number[] = [];

afterEach(async () => {
  for (const pgid of started.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
    for (let t = 0; t < 200 && isRunning(pgid); t++) await new Promise((r) => setTimeout(r, 10));
  }
});

// A Python process whose main thread starts `sleep` and a shell that starts another, and whose
// second thread starts a third `sleep`: the kernel lists that one among the second thread's children
// only, so a walk that read the main thread's children file alone would miss it.
const TREE = `
import subprocess, threading, time
subprocess.Popen(['sleep', '30'])
subprocess.Popen(['sh', '-c', 'sleep 30 & wait'])
threading.Thread(target=lambda: (subprocess.Popen(['sleep', '31']), time.sleep(30))).start()
time.sleep(30)
`;

const commandOf = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!;
  } catch {
    return '';
  }
};

/** Starts the tree and waits until a scan shows all of it: three `sleep`s and the shell, each past its exec. */
async function startTree(): Promise<number> {
  const child = spawn('python3', ['-c', TREE], { detached: true, stdio: 'ignore' });
  const pid = child.pid!;
  started.push(pid);
  for (let t = 0; t < 500; t++) {
    const commands = descendantsOf(pid, allProcesses()).map((p) => commandOf(p.pid));
    if (commands.sort().join() === 'sh,sleep,sleep,sleep') return pid;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the process tree did not come up');
}

describe.runIf(linux)('processTree', () => {
  it('finds the same processes as a scan of all of /proc, children of every thread included', async () => {
    const pid = await startTree();
    const scanned = descendantsOf(pid, allProcesses()).map((p) => p.pid);
    const walked = processTree(pid)!;
    expect(walked[0]!.pid).toBe(pid);
    expect(walked.map((p) => p.pid).sort()).toEqual([pid, ...scanned].sort());
    expect(walked).toHaveLength(5);
    // the stat fields come through as a scan reads them
    const child = walked.find((p) => p.pid !== pid && p.ppid === pid)!;
    expect(child.pgid).toBe(pid);
    expect(child.rssKb).toBeGreaterThan(0);
    expect(child.startTime).toBeGreaterThan(0);
  });

  it('leaves a tree with a process of many threads to the scan of every process', async () => {
    // 100 threads: a read per thread would cost more than one stat per process on the machine
    const child = spawn(
      'python3',
      [
        '-c',
        "import subprocess, threading, time\nfor _ in range(100): threading.Thread(target=time.sleep, args=(30,), daemon=True).start()\nsubprocess.Popen(['sleep', '30'])\ntime.sleep(30)",
      ],
      { detached: true, stdio: 'ignore' },
    );
    const pid = child.pid!;
    started.push(pid);
    const commands = () => descendantsOf(pid, allProcesses()).map((p) => commandOf(p.pid));
    for (let t = 0; t < 500 && commands().join() !== 'sleep'; t++) await new Promise((r) => setTimeout(r, 10));
    expect(commands()).toEqual(['sleep']);
    expect(processTree(pid)).toBeNull();
  });

  it('is empty for a process that ended, and leaves its orphans to whoever adopted them', async () => {
    const pid = await startTree();
    process.kill(pid, 'SIGKILL');
    for (let t = 0; t < 200 && isRunning(pid); t++) await new Promise((r) => setTimeout(r, 10));
    expect(processTree(pid)).toEqual([]);
  });
});
