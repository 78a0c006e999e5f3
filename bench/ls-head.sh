#!/usr/bin/env bash
# bench/ls-head.sh [DIR]
#
# Issue 40's figure: `ls -R | head -1` (objsh's own pipe) on a container of 100,000
# objects beside a whole `ls -R > /dev/null`, on one running swift-server (DIR, default
# /tmp/srv/swift, the test servers' one). The container (COUNT objects, default
# 100,000, in pseudo-folders of 1,000: f000/o000000.txt ...) is seeded once by
# scripts/swift-seed and kept for the next run with KEEP=1 (removed at the end
# otherwise). Each command's output is checked once; then RUNS (5) interleaved rounds
# give min and median wall seconds (bench/lib.sh), straight to the server; the requests
# of one more run of each are counted through scripts/fault-proxy (no faults, every
# request logged).
# OBJSH=PATH chooses the binary (else a release build of this checkout; a debug binary
# works for trying the script out, and its figures say so only through its path).
# CONTAINER=NAME uses another container that swift-seed filled with COUNT objects.
# Quick try, on the tests' own seeded container: RUNS=1 COUNT=25000 CONTAINER=objsh-contract-25k KEEP=1 \
#   OBJSH=.build/debug/objsh bench/ls-head.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
DIR=${1:-/tmp/srv/swift}
RUNS=${RUNS:-5}
COUNT=${COUNT:-100000}
C=${CONTAINER:-objsh-ls-head-$COUNT}
SWIFT=$(swift_toolchain)
release_objsh
# shellcheck disable=SC1091
. "$DIR/env"
export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
WORK=$(mktemp -d /tmp/objsh-bench-ls-head-XXXXXX)
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data XDG_STATE_HOME=$WORK/state XDG_CACHE_HOME=$WORK/cache
cleanup() {
  if [ -n "${PROXY_PID:-}" ]; then kill "$PROXY_PID" 2>/dev/null || true; fi
  if [ "${KEEP:-0}" != 1 ]; then "$OBJSH" -q --cluster env -c "rm -r -f /$C" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

scripts/swift-seed "$DIR" "$C" "$COUNT"

# The proxy counts; its cluster `counted` signs in through it (the storage URL it
# answers points at the proxy too).
port=$(sed -E 's|^https?://[^:/]*:([0-9]+)/.*|\1|' <<<"$ST_AUTH")
: > "$WORK/requests"
OBJSH_FAULT_SHARE=0 OBJSH_FAULT_LOG=$WORK/requests scripts/fault-proxy "$port" > "$WORK/proxy.port" 2>/dev/null &
PROXY_PID=$!
while [ ! -s "$WORK/proxy.port" ]; do kill -0 "$PROXY_PID" || exit 1; sleep 0.1; done
mkdir -p "$XDG_CONFIG_HOME/objsh"
proxied=$(head -n 1 "$WORK/proxy.port")
cat > "$XDG_CONFIG_HOME/objsh/config" <<EOF
[cluster counted]
type = swift
auth_url = ${ST_AUTH/:$port/:$proxied}
user = $ST_USER
key = $ST_KEY
EOF
chmod 600 "$XDG_CONFIG_HOME/objsh/config"

head_1() { "$OBJSH" -q --cluster "${CLUSTER:-env}" -c "ls -R /$C | head -1"; }
whole() { "$OBJSH" -q --cluster "${CLUSTER:-env}" -c "ls -R /$C > $WORK/all.txt"; }
none() { :; }
requests() { # tool: the requests one run sends (the sign-in included), and its listings
  : > "$WORK/requests"
  CLUSTER=counted "$1" >/dev/null
  printf '%d requests (%d listings)' "$(wc -l < "$WORK/requests")" "$(grep -c " GET [^ ]*/$C?" "$WORK/requests" || true)"
}

[ "$(head_1)" = "f000/o000000.txt" ] || { echo "bench: ls -R | head -1 printed $(head_1 | head -c 200)" >&2; exit 1; }
whole
[ "$(wc -l < "$WORK/all.txt")" -eq "$COUNT" ] || { echo "bench: ls -R printed $(wc -l < "$WORK/all.txt") lines" >&2; exit 1; }
echo "== ls -R of $COUNT objects in 1,000-object folders, on $DIR ($RUNS rounds; $(load_avg))"
rounds none whole head_1 | report | while read -r line; do
  printf '%s  %s\n' "$line" "$(requests "$(awk '{print $1}' <<<"$line")")"
done
