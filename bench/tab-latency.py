#!/usr/bin/env python3
"""Key-to-screen latency of TAB in objsh, measured through a pseudo-terminal.

Creates (once, in a temp dir) a file store with a folder of 100,000 empty objects and
one of 20, starts objsh on it in a pty, and times TAB from the write of the key to the
first byte of the redraw. "first" completions each start at a fresh prompt (nothing
cached); "repeated" ones TAB again on the same line (answered from the names the first
TAB fetched). Usage: bench/tab-latency.py [path/to/objsh] [count]
"""
import os, shutil, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptytiming import Pty, summary  # noqa: E402

BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "objsh")
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 100
PROMPT = b"objsh bench:/> "


def make_store(root):
    big, small = os.path.join(root, "big"), os.path.join(root, "small")
    os.makedirs(big)
    os.makedirs(small)
    for i in range(100_000):
        open(os.path.join(big, "obj-%06d" % i), "w").close()
    for i in range(20):
        open(os.path.join(small, "file-%02d.txt" % i), "w").close()


class Shell:
    def __init__(self, store, home):
        env = {"HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data",
               "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}
        self.pty = Pty([BINARY, "--cluster", store, "-q"], env)
        self.pty.read_until(PROMPT)

    def tab(self, typed):
        """Seconds from TAB to the first byte on the screen; waits for the redraw."""
        took = self.pty.first_byte_after(b"\t")
        self.pty.read_until(PROMPT + typed)
        return took

    def type(self, text):
        self.pty.write(text)
        self.pty.read_until(text)

    def new_prompt(self):
        self.pty.write(b"\x15\r")  # Ctrl-U, Enter: an empty line, a fresh prompt
        # Ctrl-U redraws the old prompt: wait for the Enter's newline, then the new one.
        self.pty.read_until(b"\n")
        self.pty.read_until(PROMPT)

    def close(self):
        self.pty.write(b"\x04")
        self.pty.wait()


def line_for(folder, i):
    return ("info %s/obj-%05d" % (folder, (i * 7919) % 10000)).encode() if folder == "big" else \
           ("info %s/file-%d" % (folder, i % 2)).encode()


def measure(shell, folder):
    first, repeated = [], []
    for i in range(COUNT):
        typed = line_for(folder, i)
        shell.type(typed)
        first.append(shell.tab(typed))
        shell.new_prompt()
    typed = line_for(folder, 0)
    shell.type(typed)
    shell.tab(typed)
    for _ in range(COUNT):
        repeated.append(shell.tab(typed))
    shell.new_prompt()
    return first, repeated


def report(name, samples):
    print("%-36s %s" % (name, summary(samples)))


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit("objsh not found at %s; build it first" % BINARY)
    work = tempfile.mkdtemp(prefix="objsh-bench-")
    try:
        store = os.path.join(work, "bench")
        started = time.monotonic()
        make_store(store)
        print("store: 100,000 + 20 empty objects in %.1f s" % (time.monotonic() - started))
        shell = Shell(store, os.path.join(work, "home"))
        for folder, label in (("big", "100,000 objects"), ("small", "20 objects")):
            first, repeated = measure(shell, folder)
            report("TAB in %s, first" % label, first)
            report("TAB in %s, repeated" % label, repeated)
        shell.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
