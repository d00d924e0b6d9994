"""Runs one tool so that every process it ever starts stays pixie's to find and stop.

Linux hands an orphaned process to its nearest ancestor marked PR_SET_CHILD_SUBREAPER instead of
to init, so a daemon that double-forks, calls setsid, clears its environment, chdirs away and
closes its fds is still a descendant of this process. Node cannot call prctl(2) itself (it has no
FFI), and Python 3's ctypes can, with nothing to compile or install (docs/checks.md, shutdown).

Protocol with pixie (src/tool/launch.ts). This process runs in pixie's plain environment; the
tool's own (its .env included, which may set LD_PRELOAD) comes as the first line of stdin, as a
JSON object, so nothing of the tool runs inside the subreaper. Then one line each on stdout:
  "python <path>"                          this interpreter (pixie starts it directly next time, not through a shim)
  "contained" or "uncontained <reason>"   whether the subreaper could be set (the tool runs either way)
  "pid <n>" or "error <reason>"            the tool's pid (leader of its own process group), or why it did not start
  "exit <code|-> <signal|->"               when the tool's own process exits
End of stdin (pixie stopped the tool, or died): every remaining descendant gets SIGTERM, then
SIGKILL 1.5 s later, and this process exits once none is left.
Written for any Python 3.4+ (a tool's own interpreter may be old).
"""
import json
import os
import select
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
KILL_GRACE_S = 1.5
KILL_ROUNDS_S = 5


def say(line):
    try:
        os.write(1, (line + "\n").encode())
    except OSError:
        pass  # pixie is gone; stdin's end will tell us


def become_subreaper():
    if not sys.platform.startswith("linux"):
        return "not Linux"
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
            return "prctl(PR_SET_CHILD_SUBREAPER) failed: " + os.strerror(ctypes.get_errno())
    except Exception as err:  # no ctypes (a Python built without libffi), or no prctl symbol
        return "ctypes unavailable: " + str(err).replace("\n", " ")
    return None


def read_env():
    """The tool's environment: the first line of stdin, a JSON object of strings."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(0, 65536)
        if not chunk:
            break
        data += chunk
    return json.loads(data.decode("utf-8"))


def start(argv, env):
    """Fork and exec the tool in its own process group; returns (pid, None) or (None, reason)."""
    ready_r, ready_w = os.pipe()  # both close-on-exec: EOF on ready_r means exec succeeded
    pid = os.fork()
    if pid == 0:
        try:
            os.close(ready_r)
            os.setpgid(0, 0)
            # Python ignores SIGPIPE and SIGXFSZ; an ignored signal survives exec, so give the tool defaults
            for name in ("SIGPIPE", "SIGXFSZ", "SIGCHLD", "SIGINT", "SIGTERM", "SIGHUP"):
                if hasattr(signal, name):
                    signal.signal(getattr(signal, name), signal.SIG_DFL)
            if hasattr(signal, "pthread_sigmask"):
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
            null = os.open(os.devnull, os.O_RDWR)
            os.dup2(null, 0)
            os.dup2(null, 1)
            os.execvpe(argv[0], argv, env)
        except BaseException as err:
            try:
                os.write(ready_w, str(getattr(err, "strerror", None) or err).encode())
            finally:
                os._exit(127)
    os.close(ready_w)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass  # the child did it first, or already exec'd
    failure = b""
    while True:
        chunk = os.read(ready_r, 4096)
        if not chunk:
            break
        failure += chunk
    os.close(ready_r)
    if failure:
        os.waitpid(pid, 0)
        return None, failure.decode("utf-8", "replace")
    return pid, None


def descendants():
    """Every live process below this one (with the subreaper set, that is all the tool ever started)."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/" + name + "/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(b")") + 2 :].split()
        if fields[0] == b"Z":
            continue
        children.setdefault(int(fields[1]), []).append(int(name))
    out, queue = [], [os.getpid()]
    while queue:
        for child in children.get(queue.pop(), []):
            out.append(child)
            queue.append(child)
    return out


def signal_all(sig):
    pids = descendants()
    for pid in pids:
        try:
            os.kill(pid, sig)
        except OSError:
            pass
    return len(pids)


class Reaper:
    def __init__(self, leader):
        self.leader = leader

    def reap(self):
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            except InterruptedError:
                continue
            if pid == 0:
                return
            if pid == self.leader:
                self.leader = None
                if os.WIFSIGNALED(status):
                    say("exit - " + str(os.WTERMSIG(status)))
                else:
                    say("exit " + str(os.WEXITSTATUS(status)) + " -")


def main():
    argv = sys.argv[1:]
    # pixie signals the tool's process group, never ours; only the end of stdin stops us
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    env = read_env()
    say("python " + sys.executable)
    problem = become_subreaper()
    say("contained" if problem is None else "uncontained " + problem)
    pid, failure = start(argv, env)
    if failure is not None:
        say("error " + failure.replace("\n", " "))
        return
    say("pid " + str(pid))
    os.chdir("/")  # hold no tool folder open: only the tool's own processes live there
    # our own stderr goes nowhere, so the pipe pixie reads closes once the tool's processes are gone
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 2)
    os.close(null)

    reaper = Reaper(pid)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    reaper.reap()
    while True:
        try:
            ready = select.select([0, wake_r], [], [])[0]
        except InterruptedError:
            continue
        if wake_r in ready:
            os.read(wake_r, 4096)
            reaper.reap()
        if 0 in ready:
            if not os.read(0, 4096):
                break

    if signal_all(signal.SIGTERM):
        deadline = time.monotonic() + KILL_GRACE_S
        while time.monotonic() < deadline and descendants():
            reaper.reap()
            time.sleep(0.02)
    # repeat until nothing is left (a process may fork between our listing and its kill), for at
    # most a few seconds: one we may not kill (another user's) must not keep us here forever
    deadline = time.monotonic() + KILL_ROUNDS_S
    while signal_all(signal.SIGKILL) and time.monotonic() < deadline:
        reaper.reap()
        time.sleep(0.01)
    reaper.reap()


if __name__ == "__main__":
    main()
