// Whether a process of this machine still exists (a lock's or a temporary's writer), on any OS:
// signal 0 checks without sending; EPERM means it exists under another user.

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
