"""The hostile answers of scripts/fault-proxy: listings that attack an XML parser,
listing requests stripped of where their page starts, and a page that says it is
followed by itself."""


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


def repeating_page(payload):
    """An S3 listing page made to say it is truncated, with a next page token (v2) and a
    next marker (v1) that lead back to itself: what a server that ignores them sends."""
    last = payload.rsplit(b'<Key>', 1)[-1].split(b'</Key>', 1)[0] if b'<Key>' in payload else b''
    more = b'<IsTruncated>true</IsTruncated><NextContinuationToken>again</NextContinuationToken><NextMarker>' + last + b'</NextMarker>'
    return payload.replace(b'<IsTruncated>false</IsTruncated>', more)
