"""A cell's runs: set up without faults, run through a proxy, judged on the servers."""
import os, shutil, time

from fault_cells import SETUPS
from fault_run import Place, Proxy, is_clear_error
from fault_state import S3Server, SwiftServer, difference, judge_partial, local_snapshot

SLEPT_TOO_LONG = 90  # seconds: more than objsh's 60 s cap on waits, so a 120 s Retry-After was slept


class Matrix:
    def __init__(self, fixture):
        self.fixture, self.servers = fixture, {'sw': SwiftServer(), 's3': S3Server()}
        self.clean = Proxy()  # no faults: for reruns and checks

    def close(self):
        """Stops the clean proxy and removes the fixture."""
        self.clean.close()
        shutil.rmtree(self.fixture, ignore_errors=True)

    def snapshot(self, place, cell):
        state = {}
        for role in cell.roles:
            if role == 'T':
                state[role] = local_snapshot(place.T)
                continue
            store = place.other if role == 'D' and cell.setup == 'tree-other' else place.store
            state[role] = self.servers[store].snapshot(getattr(place, role))
        if cell.check:
            _, output, _ = place.objsh(place.command(cell.check), proxy_port=self.clean.port)
            names = output.replace(place.S, 'S').splitlines()
            state['check'] = {'objects': {n: 1 for n in names}, 'versions': '-', 'orphans': 0}
        return state

    def prepare(self, store, cell):
        place = Place(store, self.fixture)
        os.makedirs(place.T, exist_ok=True)
        for line in SETUPS[cell.setup]:
            other = line.startswith('@other ')
            cluster = 'd' + (place.other if other else store)
            status, _, errors = place.objsh(place.command(line.removeprefix('@other ')), cluster=cluster)
            if status != 0:
                raise SystemExit(f'setup of {cell.verb} on {store} failed: {errors}')
        return place, self.snapshot(place, cell)

    def run(self, place, cell, proxy):
        stdin = place.piped if cell.stdin else None
        return place.objsh(place.command(cell.command), proxy_port=proxy.port, standard_input=stdin)

    def control(self, store, cell):
        place, before = self.prepare(store, cell)
        status, _, errors = self.run(place, cell, self.clean)
        state = self.snapshot(place, cell)
        place.clean(self.servers)
        if status != 0:
            raise SystemExit(f'{cell.verb} on {store} fails without faults: {errors}')
        return state

    def trial(self, store, cell, control, proxy):
        """('exact' | 'clear' | 'wrong', converged or None, why)."""
        place, before = self.prepare(store, cell)
        try:
            started = time.monotonic()
            status, _, errors = self.run(place, cell, proxy)
            took, state = time.monotonic() - started, self.snapshot(place, cell)
            if took > SLEPT_TOO_LONG:
                return 'wrong', None, f'took {took:.0f} s'
            if status == 0:
                why = difference(state, control)
                return ('wrong', None, f'status 0 but {why}') if why else ('exact', None, '')
            if not is_clear_error(status, errors):
                return 'wrong', None, f'unclear failure {status}: {errors.strip()[:300]}'
            why = judge_partial(before, state, control, cell.moved)
            if why:
                return 'wrong', None, why + ' after: ' + errors.strip().splitlines()[-1]
            self.run(place, cell, self.clean)
            why = difference(self.snapshot(place, cell), control)
            return 'clear', why is None, why or errors.strip().splitlines()[-1]
        finally:
            place.clean(self.servers)
