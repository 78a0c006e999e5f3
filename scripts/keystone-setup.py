#!/usr/bin/python3
"""Idempotent Keystone v3 content for objsh's tests (run by scripts/keystone-server).

Creates projects demo and service; users tester (member + swiftoperator on demo),
tester2 (member only: not a Swift operator) and swift (the proxy's service user);
the object-store service with public/internal/admin endpoints in two regions
(RegionOne at 127.0.0.1, RegionTwo at localhost: the same proxy, told apart by host);
an application credential of tester on demo. Prints `export` lines on stdout.

Usage: keystone-setup.py KEYSTONE_URL SWIFT_PORT ADMIN_PW TESTER_PW SWIFT_SVC_PW
"""
import sys
from keystoneauth1 import session as ks_session
from keystoneauth1.identity import v3
from keystoneclient.v3 import client

ks_url, swift_port, admin_pw, tester_pw, swift_pw = sys.argv[1:6]


def session(user, pw, project):
    auth = v3.Password(auth_url=ks_url + '/v3', username=user, password=pw,
                       user_domain_id='default', project_name=project,
                       project_domain_id='default')
    return ks_session.Session(auth=auth)


ks = client.Client(session=session('admin', admin_pw, 'admin'))


def one(items, what):
    if len(items) > 1:
        sys.exit('keystone-setup: more than one %s' % what)
    return items[0] if items else None


def project(name):
    return one(ks.projects.list(name=name, domain='default'), name) or \
        ks.projects.create(name=name, domain='default')


def user(name, pw, default_project):
    found = one(ks.users.list(name=name, domain='default'), name)
    if found is None:
        return ks.users.create(name=name, domain='default', password=pw,
                               default_project=default_project)
    ks.users.update(found, password=pw)
    return found


def role(name):
    return one(ks.roles.list(name=name), name) or ks.roles.create(name=name)


def region(name):
    return one([r for r in ks.regions.list() if r.id == name], name) or \
        ks.regions.create(id=name)


demo, service = project('demo'), project('service')
tester = user('tester', tester_pw, demo)
tester2 = user('tester2', tester_pw, demo)
swift = user('swift', swift_pw, service)
for r in ('member', 'swiftoperator'):
    ks.roles.grant(role(r), user=tester, project=demo)
ks.roles.grant(role('member'), user=tester2, project=demo)
ks.roles.grant(role('admin'), user=swift, project=service)
role('ResellerAdmin')

svc = one(ks.services.list(type='object-store'), 'object-store service') or \
    ks.services.create(name='swift', type='object-store')
for reg, host in (('RegionOne', '127.0.0.1'), ('RegionTwo', 'localhost')):
    region(reg)
    url = 'http://%s:%s/v1/AUTH_%%(project_id)s' % (host, swift_port)
    for iface in ('public', 'internal', 'admin'):
        ep = one(ks.endpoints.list(service=svc, interface=iface, region=reg), iface)
        if ep is None:
            ks.endpoints.create(service=svc, url=url, interface=iface, region=reg)
        elif ep.url != url:
            ks.endpoints.update(ep, url=url)

# The secret is shown only at creation: replace an existing credential.
tks = client.Client(session=session('tester', tester_pw, 'demo'))
for ac in tks.application_credentials.list(user=tester.id):
    if ac.name == 'objsh-test':
        tks.application_credentials.delete(ac)
ac = tks.application_credentials.create(name='objsh-test', user=tester.id)

print('export OBJSH_TEST_KS_PROJECT_ID=%s' % demo.id)
print('export OBJSH_TEST_KS_USER_ID=%s' % tester.id)
print("export OBJSH_TEST_KS_USER2_ID=%s" % tester2.id)
print('export OBJSH_TEST_KS_APPCRED_ID=%s' % ac.id)
print('export OBJSH_TEST_KS_APPCRED_SECRET=%s' % ac.secret)
