"""Timing objsh through a pseudo-terminal, shared by bench/tab-latency.py and bench/jobs.py.

`Pty` starts a program in a pty of a given size and reads what it writes until a marker
shows; `summary` gives the figures of a list of seconds (median, p99, max, in ms).
"""
import fcntl, os, pty, select, statistics, struct, termios, time


class Pty:
    """A program (argv, with exactly `env`) in a pseudo-terminal of `rows` x `columns`."""

    def __init__(self, argv, env, rows=40, columns=120):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.buffer = b""

    def read_until(self, marker, timeout=30):
        """Reads until `marker` (or one of a tuple of markers) has been written; the
        buffer keeps what came after it."""
        markers = marker if isinstance(marker, tuple) else (marker,)
        deadline = time.monotonic() + timeout
        while not any(m in self.buffer for m in markers):
            ready, _, _ = select.select([self.fd], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("no %r in %r" % (marker, self.buffer[-300:]))
            self.buffer += os.read(self.fd, 65536)
        end = min(self.buffer.index(m) + len(m) for m in markers if m in self.buffer)
        self.buffer = self.buffer[end:]

    def write(self, data):
        os.write(self.fd, data)

    def first_byte_after(self, data):
        """Writes `data`; the seconds until the program's first byte back (kept in the buffer)."""
        self.buffer = b""
        sent = time.monotonic()
        os.write(self.fd, data)
        select.select([self.fd], [], [], 30)
        took = time.monotonic() - sent
        self.buffer += os.read(self.fd, 65536)
        return took

    def peak_rss_kib(self):
        """The program's peak resident memory (VmHWM), in KiB."""
        for line in open("/proc/%d/status" % self.pid):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0

    def wait(self):
        os.waitpid(self.pid, 0)


def percentile(samples, fraction):
    """The sample at `fraction` (0..1) of the ordered samples, the nearest rank."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(samples):
    """'n=N  median M ms  p99 P ms  max X ms' of a list of seconds."""
    ms = [s * 1000 for s in samples]
    return "n=%d  median %.2f ms  p99 %.2f ms  max %.2f ms" % (len(ms), statistics.median(ms), percentile(ms, 0.99), max(ms))
