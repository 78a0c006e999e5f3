"""What the test servers hold, read without objsh: the fault matrix and the kill sweep
judge each run by these snapshots (names, SHA-256 of the bytes, metadata, versioning,
leftover segments or multipart uploads), never by what objsh says.

Swift is read over its own API, S3 through boto3, both straight at the server
(OBJSH_TEST_SWIFT_*, OBJSH_TEST_S3_* from /tmp/srv/env), never through a fault proxy.
"""
import hashlib, json, os, urllib.error, urllib.parse, urllib.request

ENV = os.environ
# Metadata that differs from one setup to the next: the time an S3 source was written.
VARIES = ('x-object-meta-mtime', 'x-amz-meta-mtime')


def digest(data):
    return hashlib.sha256(data).hexdigest()[:16]


class SwiftServer:
    """The test account over the Swift API."""

    def __init__(self):
        request = urllib.request.Request(ENV['OBJSH_TEST_SWIFT_AUTH'], headers={
            'X-Auth-User': ENV['OBJSH_TEST_SWIFT_USER'], 'X-Auth-Key': ENV['OBJSH_TEST_SWIFT_KEY']})
        with urllib.request.urlopen(request) as answer:
            self.url, self.token = answer.headers['X-Storage-Url'], answer.headers['X-Auth-Token']

    def call(self, method, path, query='', body=None):
        url = self.url + '/' + urllib.parse.quote(path) + ('?' + query if query else '')
        request = urllib.request.Request(url, data=body, method=method, headers={'X-Auth-Token': self.token})
        try:
            with urllib.request.urlopen(request) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def names(self, container):
        names, marker = [], ''
        while True:
            status, _, body = self.call('GET', container, 'format=json&limit=10000&marker=' + urllib.parse.quote(marker))
            rows = json.loads(body) if status == 200 else []
            if not rows:
                return names
            names += [row['name'] for row in rows]
            marker = names[-1]

    def snapshot(self, container):
        """{name: (digest, metadata)}, the versioning state and the orphan segments."""
        objects, referenced = {}, set()
        for name in self.names(container):
            status, headers, body = self.call('GET', container + '/' + name)
            lower = {key.lower(): value for key, value in headers.items()}
            meta = tuple(sorted((k, v) for k, v in lower.items() if k.startswith('x-object-meta-') and k not in VARIES))
            objects[name] = (digest(body) if status == 200 else f'status {status}', meta)
            if lower.get('x-static-large-object', '').lower() == 'true':
                _, _, manifest = self.call('GET', container + '/' + name, 'multipart-manifest=get')
                referenced |= {item['name'].lstrip('/') for item in json.loads(manifest)}
        segments = {f'{container}_segments/{name}' for name in self.names(container + '_segments')}
        _, headers, _ = self.call('HEAD', container)
        versions = {key.lower(): value for key, value in headers.items()}.get('x-versions-enabled', 'False')
        return {'objects': objects, 'versions': versions, 'orphans': len(segments - referenced)}

    def drop(self, container):
        """Every version, object and segment of `container`, then the container."""
        for name in (container, container + '_segments', container + '+segments'):
            self.call('POST', name, 'x-versions-enabled=false', b'')
            for _ in range(3):
                status, _, body = self.call('GET', name, 'versions&format=json&limit=10000')
                rows = json.loads(body) if status == 200 and body else []
                for row in rows:
                    self.call('DELETE', name + '/' + row['name'], 'version-id=' + str(row.get('version_id', 'null')))
                for row in json.loads(self.call('GET', name, 'format=json')[2] or b'[]') if status == 200 else []:
                    self.call('DELETE', name + '/' + row['name'])
            self.call('DELETE', name)


class S3Server:
    """The test account over s3api, through boto3."""

    def __init__(self):
        import boto3
        self.client = boto3.client('s3', endpoint_url=ENV['OBJSH_TEST_S3_ENDPOINT'], region_name='us-east-1',
                                   aws_access_key_id=ENV['OBJSH_TEST_S3_ACCESS_KEY'],
                                   aws_secret_access_key=ENV['OBJSH_TEST_S3_SECRET_KEY'])

    def names(self, bucket):
        try:
            pages = self.client.get_paginator('list_objects_v2').paginate(Bucket=bucket)
            return [item['Key'] for page in pages for item in page.get('Contents', [])]
        except self.client.exceptions.NoSuchBucket:
            return []

    def snapshot(self, bucket):
        objects = {}
        for name in self.names(bucket):
            answer = self.client.get_object(Bucket=bucket, Key=name)
            meta = tuple(sorted(('x-amz-meta-' + k.lower(), v) for k, v in answer['Metadata'].items()
                                if 'x-amz-meta-' + k.lower() not in VARIES))
            objects[name] = (digest(answer['Body'].read()), meta)
        try:
            uploads = len(self.client.list_multipart_uploads(Bucket=bucket).get('Uploads', []))
            versions = self.client.get_bucket_versioning(Bucket=bucket).get('Status', 'Off')
        except self.client.exceptions.NoSuchBucket:
            uploads, versions = 0, 'Off'
        return {'objects': objects, 'versions': versions, 'orphans': uploads}


def local_snapshot(folder):
    """{relative path: (digest, ())} of the files under `folder`; a download's partial file
    and its journal (hidden, kept to resume) are leftovers, not names."""
    objects, leftovers = {}, 0
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(('.objsh-partial', '.objsh-ranges')):
                leftovers += 1
                continue
            path = os.path.join(root, name)
            with open(path, 'rb') as file:
                objects[os.path.relpath(path, folder)] = (digest(file.read()), ())
    return {'objects': objects, 'versions': '-', 'orphans': leftovers}


def judge_partial(before, after, control, moved):
    """Why a failed run's state is wrong, or None: every name holds what it held before or
    what the fault-free run left, and no moved object is in neither place."""
    for role, state in after.items():
        for name in set(state['objects']) | set(control[role]['objects']) | set(before[role]['objects']):
            now = state['objects'].get(name)
            if now not in (before[role]['objects'].get(name), control[role]['objects'].get(name)):
                return f'{role}/{name} holds {now}, neither before nor after'
    for source, target in moved:  # bytes, not metadata: the two places may be two kinds of store
        for name, held in before[source]['objects'].items():
            places = (after[source]['objects'].get(name), after[target]['objects'].get(name))
            if held[0] not in [place[0] for place in places if place]:
                return f'{name} was moved into neither place'
    return None


def difference(state, control):
    """The first difference between a run's state and the fault-free run's, or None."""
    for role in control:
        want, have = control[role], state[role]
        for name in sorted(set(want['objects']) | set(have['objects'])):
            if want['objects'].get(name) != have['objects'].get(name):
                return f'{role}/{name}: {have["objects"].get(name)} instead of {want["objects"].get(name)}'
        if want['versions'] != have['versions']:
            return f'{role} versions {have["versions"]} instead of {want["versions"]}'
        if have['orphans'] > want['orphans']:
            return f'{role}: {have["orphans"]} orphan segments or multipart uploads'
    return None
