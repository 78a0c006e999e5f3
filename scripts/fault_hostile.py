"""The hostile answers of scripts/fault-proxy: listings that attack an XML parser, and
listing requests stripped of where their page starts."""


def without_markers(path):
    """The path without the query items that say where a listing page starts, pages of 2 keys."""
    base, _, query = path.partition('?')
    names = [item.split('=', 1)[0] for item in query.split('&')]
    kept = ['max-keys=2' if name == 'max-keys' else item for name, item in zip(names, query.split('&'))
            if name not in ('marker', 'continuation-token', 'start-after')]
    return base + ('?' + '&'.join(kept) if query else '')


LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
          + b''.join(f'<!ENTITY lol{n} "{("&lol" + (str(n - 1) if n > 1 else "") + ";") * 10}">\n'.encode() for n in range(1, 10))
          + b']>\n<ListBucketResult><Name>b</Name><IsTruncated>false</IsTruncated>'
          + b'<Contents><Key>&lol9;</Key><Size>1</Size></Contents></ListBucketResult>\n')
EXTERNAL = (b'<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
            b'<ListBucketResult><Name>b</Name><IsTruncated>false</IsTruncated>'
            b'<Contents><Key>&secret;</Key><Size>1</Size></Contents></ListBucketResult>\n')
