"""Starts a daemon the hard way, for the hostile catalogue (test/tools/hostile-*): forks, and
exits at once so the daemon is orphaned. Flags choose what the daemon does to hide:
  --setsid       a new session and process group
  --double-fork  fork once more and let the middle process exit
  --empty-env    execve with an empty environment (no PIXIE_RUN_ID)
  --chdir        chdir to / (out of the tool folder)
  --close-fds    close every fd
The daemon is a Python process sleeping 300 s whose command line ends with MARKER, so a test can
find it whatever it did (test/helpers/survivors.ts)."""
import os
import sys

SLEEPER = "import time; time.sleep(300)"


def main():
    flags = set(a for a in sys.argv[1:] if a.startswith("--"))
    marker = [a for a in sys.argv[1:] if not a.startswith("--")][0]
    if os.fork() != 0:
        os._exit(0)  # the tool's child exits at once: the daemon is an orphan from here on
    if "--setsid" in flags:
        os.setsid()
    if "--double-fork" in flags and os.fork() != 0:
        os._exit(0)
    if "--chdir" in flags:
        os.chdir("/")
    if "--close-fds" in flags:
        os.closerange(0, 65536)
    else:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.close(null)
    env = {} if "--empty-env" in flags else dict(os.environ)
    os.execve(sys.executable, [sys.executable, "-c", SLEEPER, marker], env)


if __name__ == "__main__":
    main()
