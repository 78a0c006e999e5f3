#!/usr/bin/env python3
"""Jobs while browsing, against the Swift test server (issue 40's figures).

Stores a 1 GiB object (once per run, in a container of its own, removed at the end),
then: (1) the same get in the foreground (`objsh -c`) for its throughput; (2) in a pty,
key-press echo latency at the prompt with no job (IDLE_KEYS keys, default 300: what the
machine gives), then `get ... &` and, while it runs, the same latency (a key written to
its first byte back, then Backspace), and the background get's throughput (from Enter to
the file in place); (3) three such gets as jobs at once, and objsh's peak RSS (VmHWM).
Needs OBJSH_TEST_SWIFT_AUTH/_USER/_KEY (`. /tmp/srv/env`).
Usage: bench/jobs.py [path/to/objsh] [MiB]
"""
import os, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptytiming import Pty, summary  # noqa: E402

BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "objsh")
MIB = int(sys.argv[2]) if len(sys.argv) > 2 else 1024
CONTAINER = "bench-jobs-%d" % os.getpid()
IDLE_KEYS = int(os.environ.get("IDLE_KEYS", "300"))


def environment(home):
    env = {"HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data",
           "XDG_CONFIG_HOME": home + "/config", "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}
    for ours, theirs in (("ST_AUTH", "OBJSH_TEST_SWIFT_AUTH"), ("ST_USER", "OBJSH_TEST_SWIFT_USER"), ("ST_KEY", "OBJSH_TEST_SWIFT_KEY")):
        env[ours] = os.environ[theirs]
    return env


def objsh(env, script):
    subprocess.run([BINARY, "--cluster", "env", "-q", "-c", script], env=env, check=True)


class Shell:
    def __init__(self, env, local):
        self.pty = Pty([BINARY, "--cluster", "env", "-q"], env)
        self.prompt = b"objsh env:/> "
        self.pty.read_until(self.prompt, timeout=120)
        self.run("cd %s; lcd %s" % (CONTAINER, local))
        self.prompt = ("objsh env:/%s> " % CONTAINER).encode()
        self.read_until(self.prompt)

    def read_until(self, marker):
        self.pty.read_until(marker, timeout=120)

    def run(self, line):
        self.pty.write(line.encode() + b"\r")
        self.read_until(b"\n")

    def echo(self):
        """Seconds from a key to its echo; the key is then erased."""
        self.pty.buffer = b""
        sent = time.monotonic()
        self.pty.write(b"x")
        self.read_until(b"x")
        took = time.monotonic() - sent
        self.pty.write(b"\x7f")
        self.read_until((b"\x1b[K", b"\x08 \x08"))  # libedit redraws the line, or rubs the key out
        return took

    def close(self):
        self.pty.write(b"\x15exit\r")
        self.pty.wait()


def wait_for(path):
    while not os.path.exists(path):
        time.sleep(0.01)
    return time.monotonic()


def main():
    work = tempfile.mkdtemp(prefix="objsh-bench-jobs-")
    env = environment(os.path.join(work, "home"))
    local = os.path.join(work, "local")
    os.makedirs(local)
    try:
        source = os.path.join(work, "big.bin")
        with open(source, "wb") as file:
            block = os.urandom(1 << 20)
            for _ in range(MIB):
                file.write(block)
        objsh(env, "mkdir %s; upload %s /%s/big.bin" % (CONTAINER, source, CONTAINER))
        os.remove(source)
        size = MIB << 20

        started = time.monotonic()
        objsh(env, "get /%s/big.bin %s/fg.bin" % (CONTAINER, local))
        foreground = size / (time.monotonic() - started)
        os.remove(os.path.join(local, "fg.bin"))

        shell = Shell(env, local)
        # The same keys with no job running: what the machine gives, beside what the job costs.
        idle = []
        for _ in range(IDLE_KEYS):
            idle.append(shell.echo())
            time.sleep(0.02)
        started = time.monotonic()
        shell.run("get big.bin bg.bin &")
        shell.read_until(shell.prompt)
        samples = []
        target = os.path.join(local, "bg.bin")
        while not os.path.exists(target):
            samples.append(shell.echo())
            time.sleep(0.02)
        background = size / (wait_for(target) - started)
        os.remove(target)

        for n in range(3):
            shell.run("get big.bin j%d.bin &" % n)
            shell.read_until(shell.prompt)
        for n in range(3):
            wait_for(os.path.join(local, "j%d.bin" % n))
        rss = shell.pty.peak_rss_kib()
        shell.close()

        print("echo latency at the prompt, no job running:        %s" % summary(idle))
        print("echo latency while a %d MiB get runs as a job: %s" % (MIB, summary(samples)))
        print("get %d MiB: foreground %.1f MiB/s, background (job) %.1f MiB/s, ratio %.2f"
              % (MIB, foreground / 2**20, background / 2**20, background / foreground))
        print("peak RSS of the session (three %d MiB gets as jobs at once included): %.1f MiB" % (MIB, rss / 1024))
    finally:
        try:
            objsh(env, "rm -r -f /%s" % CONTAINER)
        finally:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
