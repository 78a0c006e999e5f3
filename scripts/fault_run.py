"""One objsh run through scripts/fault-proxy, for the fault matrix and the kill sweep.

A Place holds one run's containers, local folders and objsh home; `objsh` runs the
binary with clusters `sw` (Swift) and `s3` (s3api) through a proxy, `dsw` and `ds3`
straight at the server (for setting up), and `cluster` picks the store a cell runs on.
"""
import os, random, shutil, subprocess, tempfile, uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BINARY = os.environ.get('OBJSH_BINARY', os.path.join(ROOT, '.build', 'debug', 'objsh'))
ENV = os.environ
# Short timeouts: a stall costs one read timeout, not the default's.
TIMEOUTS = 'connect_timeout = 2\nread_timeout = 2\n'


class Proxy:
    """scripts/fault-proxy in front of the test server (Swift and s3api on one port): faults
    by chance, or by rules (KIND, TEXT): on the first request that matches TEXT, or on
    request number N for a TEXT of #N."""

    def __init__(self, share=0.0, seed=1, kinds=(), rules=(), kill=None):
        self.log, self.rules = tempfile.mktemp(prefix='objsh-fault-log-'), list(rules)
        environment = dict(ENV, OBJSH_FAULT_KEEP_HOST='1', OBJSH_FAULT_LOG=self.log, OBJSH_FAULT_SHARE=str(share),
                           OBJSH_FAULT_SEED=str(seed), OBJSH_FAULT_KINDS=','.join(kinds) or '500',
                           OBJSH_FAULT_ON=';'.join(f'{kind} {text}' for kind, text in rules if text[0] != '#'),
                           OBJSH_FAULT_AT=','.join(f'{text[1:]}:{kind}' for kind, text in rules if text[0] == '#'),
                           OBJSH_FAULT_KILL=kill or '')
        upstream = ENV['OBJSH_TEST_S3_ENDPOINT'].rsplit(':', 1)[1]
        self.process = subprocess.Popen([os.path.join(HERE, 'fault-proxy'), upstream], env=environment,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def lines(self):
        try:
            with open(self.log) as log:
                return log.read().splitlines()
        except FileNotFoundError:
            return []

    def injected(self):
        return [line.split()[-1] for line in self.lines() if not line.endswith(' -')]

    def close(self):
        if self.process.stdin.closed:
            return
        self.process.stdin.close()  # it leaves when its standard input closes
        self.process.wait()
        if os.path.exists(self.log):
            os.remove(self.log)


def config(proxy_port):
    auth, user, key = ENV['OBJSH_TEST_SWIFT_AUTH'], ENV['OBJSH_TEST_SWIFT_USER'], ENV['OBJSH_TEST_SWIFT_KEY']
    s3, access, secret = ENV['OBJSH_TEST_S3_ENDPOINT'], ENV['OBJSH_TEST_S3_ACCESS_KEY'], ENV['OBJSH_TEST_S3_SECRET_KEY']
    via = f'127.0.0.1:{proxy_port}'
    upstream = s3.split('//', 1)[1]
    sections = []
    for prefix, address in (('', via), ('d', upstream)):
        sections.append(f'[cluster {prefix}sw]\ntype = swift\nauth_url = {auth.replace(upstream, address)}\n'
                        f'user = {user}\nkey = {key}\n{TIMEOUTS}')
        sections.append(f'[cluster {prefix}s3]\ntype = s3\nendpoint = http://{address}\naccess_key = {access}\n'
                        f'secret_key = {secret}\n{TIMEOUTS}')
    return '\n'.join(sections)


class Place:
    """One run's names: containers S and D, local folders L (a source) and T (a target)."""

    def __init__(self, store, fixture):
        self.store, self.other = store, 's3' if store == 'sw' else 'sw'
        tag = uuid.uuid4().hex[:8]
        self.S, self.D = f'fm{tag}s', f'fm{tag}d'
        self.home = tempfile.mkdtemp(prefix='objsh-fault-run-')
        self.L, self.T = fixture, os.path.join(self.home, 'target')
        self.piped = os.path.join(fixture, 'd', 'big.bin')

    def command(self, template):
        return template.format(S=self.S, D=self.D, L=self.L, T=self.T, O=self.other)

    def objsh(self, script, cluster=None, proxy_port=1, standard_input=None, pid_file=None):
        """(status, stdout, stderr) of `objsh -q --cluster CLUSTER -c SCRIPT`."""
        os.makedirs(self.home + '/config/objsh', exist_ok=True)
        with open(self.home + '/config/objsh/config', 'w') as file:
            file.write(config(proxy_port))
        os.chmod(self.home + '/config/objsh/config', 0o600)
        environment = {'HOME': self.home, 'XDG_CONFIG_HOME': self.home + '/config', 'XDG_DATA_HOME': self.home + '/data',
                       'XDG_STATE_HOME': self.home + '/state', 'PATH': '/usr/bin:/bin', 'LANG': 'C.UTF-8'}
        arguments = [BINARY, '-q', '--cluster', cluster or self.store, '-c', script]
        if pid_file:  # the shell writes its id, then becomes objsh: the id is there before any request
            arguments = ['/bin/sh', '-c', f'echo $$ > {pid_file}; exec "$@"', 'sh'] + arguments
        with open(standard_input or os.devnull, 'rb') as stdin:
            done = subprocess.run(arguments, env=environment, stdin=stdin, capture_output=True, text=True)
        return done.returncode, done.stdout, done.stderr

    def clean(self, servers):
        for container in (self.S, self.D):  # s3api keeps its buckets as Swift containers
            servers['sw'].drop(container)
        shutil.rmtree(self.home, ignore_errors=True)


def make_fixture(seed=39):
    """A local tree: small files at two depths and one of 5.5 MiB that goes up in two
    segments or parts of 5M (S3's smallest part but the last)."""
    chance = random.Random(seed)
    folder = tempfile.mkdtemp(prefix='objsh-fault-fixture-')
    files = {'top.txt': 500, 'd/a.txt': 1_000, 'd/b.txt': 20_000, 'd/sub/c.txt': 3_000, 'd/big.bin': 11 << 19}
    files.update({f'd/sub/e{n}.txt': 100 + n for n in range(6)})
    for name, size in files.items():
        os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
        with open(os.path.join(folder, name), 'wb') as file:
            file.write(chance.randbytes(size))
    return folder


def is_clear_error(status, errors):
    """A failure summed up on a last `objsh:` line (the names that failed may be listed
    before it), without a crash."""
    lines = [line for line in errors.splitlines() if line.strip()]
    crashed = status < 0 or any(word in errors for word in ('Fatal error', 'Traceback', 'Segmentation'))
    return status != 0 and not crashed and bool(lines) and lines[-1].startswith('objsh: ')

