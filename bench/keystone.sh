#!/usr/bin/env bash
# bench/keystone.sh [RUNS]
#
# Figures of the Keystone issue, in one run, release build, same servers:
#  1. start-up to the first pane on a Keystone v3 cluster (sign-in with a password,
#     the catalog, the account listing): `objsh --cluster ks -c pwd` beside
#     `swift --auth-version 3 stat` and `openstack container list` (min, median);
#  2. token requests in one session that visits three Keystone clusters and comes
#     back to each (counted from --debug's sign-in lines; goal: one per cluster).
# Starts its own Swift and Keystone servers on their own ports (BENCH_PORT_BASE,
# default 38000) and stops them at the end. CI's added time is read from a
# scripts/test log instead: bench/keystone-ci-time.sh LOG.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
RUNS=${1:-7}
SWIFT=$(swift_toolchain)
BASE=${BENCH_PORT_BASE:-38000}
export OBJSH_SWIFT_PROXY_PORT=$((BASE + 80)) OBJSH_SWIFT_OBJECT_PORT=$((BASE + 200)) \
  OBJSH_SWIFT_CONTAINER_PORT=$((BASE + 201)) OBJSH_SWIFT_ACCOUNT_PORT=$((BASE + 202)) \
  OBJSH_SWIFT_MEMCACHE_PORT=$((BASE + 211)) OBJSH_KEYSTONE_PORT=$((BASE + 50))
export OBJSH_SWIFT_KEYSTONE_URL=http://127.0.0.1:$OBJSH_KEYSTONE_PORT/v3

WORK=$(mktemp -d /tmp/objsh-bench-ks-XXXXXX)
stop() {
  scripts/keystone-server stop "$WORK/ks" >/dev/null 2>&1 || true
  scripts/swift-server stop "$WORK/swift" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT
scripts/keystone-server start "$WORK/ks" >&2
scripts/swift-server start "$WORK/swift" >&2
set -a; . "$WORK/ks/env"; set +a
"$SWIFT" build $(build_flags release) --product objsh >&2
OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh

# Three clusters, one per sign-in path; no user config or token cache in the way.
export XDG_CONFIG_HOME=$WORK/config HOME=$WORK/home
mkdir -p "$XDG_CONFIG_HOME/objsh" "$HOME"
cat > "$XDG_CONFIG_HOME/objsh/config" <<EOF
[cluster ks]
type = swift
auth_url = $OBJSH_TEST_KS_AUTH_URL
username = $OBJSH_TEST_KS_USER
password = $OBJSH_TEST_KS_PASSWORD
user_domain_name = Default
project_name = $OBJSH_TEST_KS_PROJECT
project_domain_name = Default

[cluster ks2]
type = swift
auth_url = $OBJSH_TEST_KS_AUTH_URL
user_id = $OBJSH_TEST_KS_USER_ID
password = $OBJSH_TEST_KS_PASSWORD
project_id = $OBJSH_TEST_KS_PROJECT_ID
region = RegionTwo

[cluster ks3]
type = swift
auth_url = $OBJSH_TEST_KS_AUTH_URL
application_credential_id = $OBJSH_TEST_KS_APPCRED_ID
application_credential_secret = $OBJSH_TEST_KS_APPCRED_SECRET
EOF
chmod 600 "$XDG_CONFIG_HOME/objsh/config"
export OS_AUTH_URL=$OBJSH_TEST_KS_AUTH_URL OS_USERNAME=$OBJSH_TEST_KS_USER OS_PASSWORD=$OBJSH_TEST_KS_PASSWORD \
  OS_PROJECT_NAME=$OBJSH_TEST_KS_PROJECT OS_USER_DOMAIN_NAME=Default OS_PROJECT_DOMAIN_NAME=Default \
  OS_IDENTITY_API_VERSION=3 OS_REGION_NAME=RegionOne OS_INTERFACE=public
unset ST_AUTH ST_USER ST_KEY
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
[ -x /usr/bin/openstack ] || apt_install python3-openstackclient

# Each command must work once before it is timed.
"$OBJSH" --cluster ks -c pwd >/dev/null
"${SWIFTCLIENT[@]}" --auth-version 3 stat >/dev/null
/usr/bin/openstack container list >/dev/null

. bench/lib.sh
# Runs the three commands in turn, RUNS rounds, so a drift of the machine hits each alike.
declare -A times
for _ in $(seq "$RUNS"); do
  times[objsh]+="$(seconds "$OBJSH" --cluster ks -c pwd) "
  times[swift]+="$(seconds "${SWIFTCLIENT[@]}" --auth-version 3 stat) "
  times[openstack]+="$(seconds /usr/bin/openstack container list) "
done
echo "== start-up to the first pane on a Keystone v3 cluster ($RUNS runs each, load $(cut -d' ' -f1-3 /proc/loadavg))"
for tool in objsh swift openstack; do
  tr ' ' '\n' <<<"${times[$tool]}" | grep . | sort -n | awk -v l="$tool" '{a[NR]=$1} END{print l, a[1], a[int((NR+1)/2)]}'
done | awk '{if (NR==1) f=$3; printf "  %-10s min %6.3f s  median %6.3f s  objsh/this %.2f\n", $1, $2, $3, f/$3}'

script=$'cluster ks2\ncluster ks3\ncluster ks\ncluster ks2\ncluster ks3\ncluster ks\nls'
requests=$("$OBJSH" -q --debug --cluster ks -c "$script" 2>&1 >/dev/null | grep -c 'sign-in: POST' || true)
echo "== token requests, one session visiting ks, ks2, ks3 and coming back to each: $requests (goal 3)"
