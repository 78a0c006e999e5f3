"""The writing verbs of the fault matrix: how each cell is set up (without faults), the
command it runs, the places it is judged on, and which of them it moves between.

Templates name S and D (containers), L (the local fixture), T (a local target folder),
O (the other cluster: s3 for a Swift cell, sw for an S3 one).
"""
from dataclasses import dataclass, field

TREE = 'cd /{c}\nupload --segment-size 5M {L}/d\nupload {L}/top.txt'
SETUPS = {
    'tree': ['cd /\nmkdir {S}', TREE.replace('{c}', '{S}'), 'cd /\nmkdir {D}'],
    'tree-other': ['cd /\nmkdir {S}', TREE.replace('{c}', '{S}'), '@other cd /\nmkdir {D}'],
    'local': ['cd /\nmkdir {D}'],
    # DEST holds part of SRC, a name with other bytes, and names only DEST holds.
    'extra': ['cd /\nmkdir {S}', TREE.replace('{c}', '{S}'), 'cd /\nmkdir {D}',
              'cd /{D}\nupload {L}/d/sub\nupload {L}/top.txt old.txt\nupload {L}/d/a.txt top.txt'],
    # Two versions of top.txt: the current one holds a.txt's bytes.
    'versions': ['cd /\nmkdir {S}', 'versions on /{S}', 'cd /{S}\nupload {L}/top.txt\nupload {L}/d/a.txt top.txt'],
    'empty': ['cd /\nmkdir {S}'],
}


@dataclass
class Cell:
    verb: str
    command: str
    setup: str
    roles: tuple = ('S', 'D')  # S, D (D on the other store with 'tree-other'), T (local)
    moved: list = field(default_factory=list)  # (from, to) roles whose objects move
    stdin: bool = False
    check: str = ''  # a fault-free command whose output is judged too (index)


CELLS = [
    Cell('cp', 'cp /{S}/top.txt /{D}/top.txt', 'tree'),
    Cell('cp -r', 'cp -r /{S}/d /{D}/', 'tree'),
    Cell('mv', 'mv /{S}/top.txt /{D}/top.txt', 'tree', moved=[('S', 'D')]),
    Cell('mv -r', 'mv -r -f /{S}/d /{D}/', 'tree', moved=[('S', 'D')]),
    Cell('cp across', 'cp -r --segment-size 5M /{S}/d {O}:/{D}/', 'tree-other'),
    Cell('mv across', 'mv -r -f --segment-size 5M /{S}/d {O}:/{D}/', 'tree-other', moved=[('S', 'D')]),
    Cell('sync up', 'sync file:{L} /{D}', 'local', roles=('D',)),
    Cell('sync down', 'sync /{S} file:{T}', 'tree', roles=('S', 'T')),
    Cell('sync within', 'sync /{S} /{D}', 'tree'),
    Cell('sync across', 'sync --segment-size 5M /{S} {O}:/{D}', 'tree-other'),
    Cell('sync --delete', 'sync --delete /{S} /{D}', 'extra'),
    Cell('rm -r', 'rm -r -f /{S}/d', 'tree', roles=('S',)),
    Cell('rm PATTERN', 'rm -f /{S}/d/sub/*.txt', 'tree', roles=('S',)),
    Cell('upload -', 'cd /{S}\nupload --segment-size 5M - piped.bin', 'empty', roles=('S',), stdin=True),
    Cell('meta', 'meta /{S}/d/big.bin reviewed=yes', 'tree', roles=('S',)),
    Cell('restore', 'restore /{S}/top.txt', 'versions', roles=('S',)),
    Cell('versions on', 'versions on /{S}', 'empty', roles=('S',)),
    Cell('versions off', 'versions off /{S}', 'versions', roles=('S',)),
    Cell('index refresh', 'index /{S}', 'tree', roles=('S',), check="search --in /{S} '*'"),
    Cell('upload folder', 'cd /{D}\nupload --segment-size 5M {L}/d', 'local', roles=('D',)),
]

# Fault columns: the proxy's kinds each draws from.
FAULTS = {
    'reset mid-body': ['reset-during'],
    '5xx': ['500', '503'],
    'slowdown 1 s': ['slowdown-1', 'slowdown-429'],
    'retry-after 120 s': ['slowdown-120'],
    'retry-after date': ['slowdown-date'],
    'truncated body': ['truncate'],
    'answer lost': ['lose-answer'],
    'stall': ['stall'],
}
FAULTS['10% mixed'] = sorted({kind for kinds in FAULTS.values() for kind in kinds})

# The CI share: faults by rule (each once, on the first request that matches), so every
# run sees the same fault at the same request; and the outcome each must have (exact,
# clear, or either). An answer lost after the commit of a request whose second try is
# harmless, or whose result objsh can check, must end exact.
RULES = [
    ('mv -r', 'sw', [('lose-answer', 'multipart-manifest=put'), ('lose-answer', 'bulk-delete')], 'exact'),
    ('mv -r', 's3', [('lose-answer', 'POST /*?uploadId='), ('lose-answer', 'POST /*?delete=')], 'exact'),
    ('cp -r', 'sw', [('reset-during', 'GET /*/d/big.bin?multipart-manifest=get'), ('lose-answer', 'PUT /v1/AUTH_test/fm')], 'exact'),
    ('cp -r', 's3', [('lose-answer', 'POST /*?uploadId=')], 'exact'),  # CompleteMultipartUpload
    ('cp -r', 's3', [('lose-answer', 'POST /*?uploads=')], 'clear'),  # CreateMultipartUpload: none left open
    ('cp across', 'sw', [('truncate', 'GET /*/d/big.bin?multipart-manifest=get'), ('lose-answer', 'POST /*?uploadId=')], 'exact'),
    ('mv across', 's3', [('lose-answer', 'multipart-manifest=put'), ('500', 'POST /*?delete=')], 'exact'),
    # The lookup of whether TARGET/ is there stalls: an error, never the objects one level up.
    ('mv across', 'sw', [('stall', '#5')], 'clear'),
    ('sync --delete', 'sw', [('lose-answer', 'bulk-delete'), ('503', 'PUT /v1/')], 'exact'),
    ('sync --delete', 's3', [('lose-answer', 'POST /*?delete='), ('slowdown-date', 'GET /fm')], 'exact'),
    ('sync up', 'sw', [('slowdown-1', 'PUT /v1/'), ('reset-during', 'GET /v1/')], 'either'),
    ('sync down', 's3', [('stall', 'GET /fm*/d/'), ('truncate', 'GET /fm*/d/')], 'either'),
    ('sync across', 'sw', [('slowdown-120', 'PUT /fm')], 'clear'),
    ('rm PATTERN', 's3', [('lose-answer', 'POST /*?delete=')], 'exact'),
    ('rm -r', 'sw', [('lose-answer', 'bulk-delete')], 'exact'),
    ('upload -', 'sw', [('reset-during', 'PUT /v1/AUTH_test/fm*_segments/'), ('lose-answer', 'multipart-manifest=put')], 'exact'),
    ('upload -', 's3', [('lose-answer', 'POST /*?uploadId=')], 'exact'),
    ('meta', 'sw', [('lose-answer', 'POST /v1/')], 'exact'),
    ('meta', 's3', [('lose-answer', 'PUT /fm')], 'exact'),
    ('restore', 'sw', [('lose-answer', 'PUT /v1/')], 'exact'),
    ('restore', 's3', [('lose-answer', 'PUT /fm')], 'exact'),
    ('versions on', 'sw', [('lose-answer', 'POST /v1/')], 'exact'),
    ('versions off', 's3', [('lose-answer', 'PUT /fm')], 'exact'),
    ('index refresh', 'sw', [('truncate', 'GET /v1/AUTH_test/fm')], 'either'),
]

# The kill sweep's verbs: objsh is killed mid-run, then the same command runs again.
KILL_CELLS = [cell for cell in CELLS if cell.verb in ('mv -r', 'sync --delete', 'cp across', 'upload folder')]
