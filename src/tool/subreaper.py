"""Runs one tool so that every process it ever starts stays pixie's to find and stop.

Linux hands an orphaned process to its nearest ancestor marked PR_SET_CHILD_SUBREAPER instead of
to init, so a daemon that double-forks, calls setsid, clears its environment, chdirs away and
closes its fds is still a descendant of this process. Node cannot call prctl(2) itself (it has no
FFI), and Python 3's ctypes can, with nothing to compile or install (docs/checks.md, shutdown).

The tool cannot see pixie (docs/checks.md, check 6): where the kernel allows, it runs in a PID and a
mount namespace of its own with a private /proc, where pixie's /proc/<pid>/environ does not exist.
The namespace's init (a fork of this process) starts the tool and reaps its orphans; nothing inside
can signal it, and killing it ends the whole namespace. As root the tool loses CAP_SYS_ADMIN, so it
cannot unmount its /proc. unshare(2) and mount(2) go through ctypes like prctl.

Protocol with pixie (src/tool/launch.ts). This process starts in pixie's plain environment, before
pixie knows which tool it will run (Python's start-up, a version manager's shim included, then
overlaps pixie's own), and says at once on stdout:
  "python <path>"                          this interpreter (pixie starts it directly next time, not through a shim)
  "contained" or "uncontained <reason>"   whether the subreaper could be set (the tool runs either way)
  "isolated" or "shared <reason>"         whether the tool will run in namespaces of its own (it runs either way)
Then the tool comes as the first line of stdin, a JSON object {"argv": [...], "cwd": "...", "env": {...}}
(its environment, its .env included, which may set LD_PRELOAD, never applies to this process), and:
  "pid <n> [<init>]" or "error <reason>"   the tool's pid (its group's leader), isolated its init's too, or why not
  "exit <code|-> <signal|->"               when the tool's own process exits
End of stdin before the tool: this process exits. After it (pixie stopped the tool, or died): every
remaining descendant gets SIGTERM, then SIGKILL 1.5 s later, and this process exits once none is
left. --shared: no namespaces (pixie's tests of that path). Written for any Python 3.4+.
"""
import json
import os
import select
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
PR_CAPBSET_DROP = 24
CAP_SYS_ADMIN = 21
CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 2, 4, 8, 16384, 1 << 18
KILL_GRACE_S = 1.5
KILL_ROUNDS_S = 5


def say(line):
    try:
        os.write(1, (line + "\n").encode())
    except OSError:
        pass  # pixie is gone; stdin's end will tell us


def libc_call(name, *args):
    """A libc function through ctypes: None when it worked, else why not, in a few words."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if getattr(libc, name)(*args) != 0:
            return name + "() failed: " + os.strerror(ctypes.get_errno())
    except Exception as err:  # no ctypes (a Python built without libffi), or no such symbol
        return "ctypes unavailable: " + str(err).replace("\n", " ")
    return None


def become_subreaper():
    if not sys.platform.startswith("linux"):
        return "not Linux"
    return libc_call("prctl", PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def read_job():
    """The tool to run: the first line of stdin, or None when stdin ends first."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(0, 65536)
        if not chunk:
            return None
        data += chunk
    return json.loads(data.decode("utf-8"))


def start(argv, cwd, env, isolated=False):
    """Fork and exec the tool in its own process group; returns (pid, None) or (None, reason)."""
    ready_r, ready_w = os.pipe()  # both close-on-exec: EOF on ready_r means exec succeeded
    pid = os.fork()
    if pid == 0:
        try:
            os.close(ready_r)
            os.setpgid(0, 0)
            if isolated and os.geteuid() == 0:
                # root keeps every capability but this one: without it, /proc cannot be unmounted
                libc_call("prctl", PR_CAPBSET_DROP, CAP_SYS_ADMIN, 0, 0, 0)
            os.chdir(cwd)
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


def children_map():
    """Every live process's children, from the parent link in each /proc/<pid>/stat."""
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
        if fields[0] != b"Z":
            children.setdefault(int(fields[1]), []).append(int(name))
    return children


def descendants(root=None):
    """Every live process below `root` (this one by default: with the subreaper set, all the tool ever started)."""
    children = children_map()
    out, queue = [], [os.getpid() if root is None else root]
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


def exit_line(status):
    return "exit - %d" % os.WTERMSIG(status) if os.WIFSIGNALED(status) else "exit %d -" % os.WEXITSTATUS(status)


class Reaper:
    def __init__(self, leader, ns):
        self.leader = leader
        self.ns = ns

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
            if pid == self.ns.init:
                self.ns.init = None  # reaped: its pid may be another process's from now on
            if pid == self.leader:
                self.leader = None
                say(exit_line(status))


def children_of(pid):
    """The children of a single-threaded process, as this process's /proc numbers them."""
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(p) for p in f.read().split()]
    except OSError:  # a kernel without CONFIG_PROC_CHILDREN
        return children_map().get(pid, [])


_pending = {}


def read_line(fd):
    """One line from a pipe (what came after it is kept for the next call); None at its end."""
    data = _pending.pop(fd, b"")
    while b"\n" not in data:
        chunk = os.read(fd, 65536)
        if not chunk:
            return None
        data += chunk
    line, _, rest = data.partition(b"\n")
    if rest:
        _pending[fd] = rest
    return line.decode("utf-8", "replace")


def write_line(fd, line):
    try:
        os.write(fd, (line + "\n").encode())
    except OSError:
        pass


def enter_namespaces():
    """unshare(2) a PID namespace for this process's children (and, without root, a user namespace)."""
    root = os.geteuid() == 0
    # without root, a user namespace of its own gives this process the right to the others
    problem = libc_call("unshare", CLONE_NEWPID | (0 if root else CLONE_NEWUSER))
    if problem:
        return "the kernel refused a PID namespace: " + problem
    if not root:
        try:
            for name, text in (
                ("setgroups", "deny"),
                ("uid_map", "%d %d 1" % (os.geteuid(), os.geteuid())),
                ("gid_map", "%d %d 1" % (os.getegid(), os.getegid())),
            ):
                with open("/proc/self/" + name, "w") as f:
                    f.write(text)
        except OSError as err:
            return "the kernel refused a user namespace's ids: " + str(err.strerror)
    return None


def init_main(job_r, status_w):
    """The namespace's first process: a private /proc, then the tool, then reaping until killed."""
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)  # pixie's pipe is this process's parent's, not ours to hold
    problem = libc_call("unshare", CLONE_NEWNS)
    problem = problem or libc_call("mount", b"none", b"/", None, MS_REC | MS_PRIVATE, None)
    problem = problem or libc_call("mount", b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
    if problem:
        write_line(status_w, "fail the kernel refused a private /proc: " + problem)
        os._exit(1)
    write_line(status_w, "ready")
    line = read_line(job_r)
    if line is None:
        os._exit(0)
    job = json.loads(line)
    pid, failure = start(job["argv"], job["cwd"], job["env"], isolated=True)
    os.dup2(null, 2)  # the tool's processes alone hold pixie's stderr pipe
    if failure is not None:
        write_line(status_w, "error " + failure.replace("\n", " "))
        os._exit(0)
    write_line(status_w, "started")
    read_line(job_r)  # the tool is not reaped before the subreaper has found its pid
    while True:
        try:
            child, status = os.waitpid(-1, 0)
        except ChildProcessError:
            read_line(job_r)  # nothing is left to start anything: wait for the end
            os._exit(0)
        except InterruptedError:
            continue
        if child == pid:
            pid = None
            write_line(status_w, exit_line(status))


class Namespace:
    """The tool's own namespaces, prepared before the tool is known: an init waiting for it."""

    init = problem = job_w = status_r = None
    tool_exited = False

    def prepare(self, contained):
        if not contained:  # (never on anything but Linux)
            self.problem = "no subreaper to hand the namespace's init to"
            return
        job_r, self.job_w = os.pipe()
        self.status_r, status_w = os.pipe()
        # a helper makes the namespaces, forks init and exits, so init falls to this subreaper, which stays
        # in pixie's namespaces: one the kernel refuses half way leaves it able to start the tool without
        helper = os.fork()
        if helper == 0:
            try:
                os.close(self.job_w)
                os.close(self.status_r)
                problem = enter_namespaces()
                if problem:
                    write_line(status_w, "fail " + problem)
                    os._exit(0)
                init = os.fork()  # the first child after unshare(CLONE_NEWPID) is the namespace's init
                if init == 0:
                    init_main(job_r, status_w)
                write_line(status_w, "init " + str(init))
            finally:
                os._exit(0)
        os.close(job_r)
        os.close(status_w)
        # the helper's "init <pid>" and init's "ready" (or a "fail <why>") come in either order
        said = None
        while said is None or (said == "ready" and self.init is None):
            line = read_line(self.status_r)
            if line is None:
                said = "fail the namespace's helper or init ended"
            elif line.startswith("init "):
                self.init = int(line[5:])
            else:
                said = line
        os.waitpid(helper, 0)
        if said != "ready":
            self.problem = said[5:]
            self.close()

    def start(self, job_line):
        """The tool started by init: (pid, None) or (None, reason)."""
        write_line(self.job_w, job_line)
        said = read_line(self.status_r)
        if said is None or said.startswith("error "):
            return None, said[6:] if said else "the namespace's init ended"
        tool = children_of(self.init)
        write_line(self.job_w, "go")
        if len(tool) != 1:
            return None, "the tool's process was not found below the namespace's init"
        return tool[0], None

    def forward(self):
        """Passes init's reports of the tool's exit on; False once init is gone."""
        while True:
            line = read_line(self.status_r)
            if line is None:
                return False
            if line.startswith("exit "):
                self.tool_exited = True
                say(line)
            if b"\n" not in _pending.get(self.status_r, b""):
                return True

    def close(self):
        """Ends init, and with it every process left in the namespace."""
        if self.init is None:
            return
        try:
            os.kill(self.init, signal.SIGKILL)  # a zombie not yet reaped keeps its pid: never another's
            os.waitpid(self.init, 0)
        except OSError:
            pass
        self.init = None


def main():
    # pixie signals the tool's process group, never ours; only the end of stdin stops us
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    os.chdir("/")  # hold no folder open: only the tool's own processes live in its folder
    say("python " + sys.executable)
    problem = become_subreaper()
    say("contained" if problem is None else "uncontained " + problem)
    ns = Namespace()
    if "--shared" in sys.argv:
        ns.problem = "PIXIE_TEST_SHARED_PROCESSES is set, for pixie's own tests"
    else:
        ns.prepare(problem is None)
    say("isolated" if ns.problem is None else "shared " + ns.problem)
    job = read_job()
    if job is None:
        ns.close()
        return
    if ns.init is not None:
        pid, failure = ns.start(json.dumps(job))
    else:
        pid, failure = start(job["argv"], job["cwd"], job["env"])
    if failure is not None:
        ns.close()
        say("error " + failure.replace("\n", " "))
        return
    say("pid " + str(pid) + ("" if ns.init is None else " " + str(ns.init)))
    # our own stderr goes nowhere, so the pipe pixie reads closes once the tool's processes are gone
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 2)
    os.close(null)

    reaper = Reaper(pid if ns.init is None else None, ns)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    reaper.reap()
    watched = [0, wake_r] + ([ns.status_r] if ns.init is not None else [])
    while True:
        try:
            ready = select.select(watched, [], [])[0]
        except InterruptedError:
            continue
        if wake_r in ready:
            os.read(wake_r, 4096)
            reaper.reap()
        if ns.status_r in ready and not ns.forward():
            watched.remove(ns.status_r)  # init was killed, and every process of the namespace with it
            if not ns.tool_exited:
                ns.tool_exited = True
                say("exit - " + str(int(signal.SIGKILL)))
            reaper.reap()
        if 0 in ready:
            if not os.read(0, 4096):
                break

    reaper.reap()
    if ns.init is not None:
        # the tool's processes get their SIGTERM and its grace; then init goes, and all with it
        left = descendants(ns.init)
        for pid in left:
            try:
                os.kill(pid, signal.SIGTERM)
            except OSError:
                pass
        deadline = time.monotonic() + KILL_GRACE_S
        while left and time.monotonic() < deadline:
            time.sleep(0.02)
            left = descendants(ns.init)
        ns.close()
    elif signal_all(signal.SIGTERM):
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
