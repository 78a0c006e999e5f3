#!/usr/bin/env bash
# bench/get-recursive.sh [DIR]
#
# `get -r` of a container of 2,000 small objects (scripts/swift-seed: 1,000 to a
# pseudo-folder) against one swift-server started here (DIR, default a new temporary
# folder, stopped and removed at the end), beside python-swiftclient's `swift download`
# of the same container. Set OBJSH_SWIFT_*_PORT to free ports first; OBJSH=PATH takes an
# objsh release binary built already; OBJSH_BEFORE=PATH adds another build (an older
# commit's) to compare with. Each tool's download is checked once first (2,000 files
# with the objects' bytes) and its requests counted: objsh's --debug lines, swift's
# --debug `REQ:` lines (its one auth request included, as objsh's is). Then RUNS rounds
# (default 1), each running every tool once into an empty folder (emptied untimed), so
# the drift of a shared machine falls on all alike; min and median wall seconds, with
# each median's ratio to the first line's.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
RUNS=${RUNS:-1}
COUNT=2000
SWIFT=/opt/swift/usr/bin/swift
OWN_DIR=""
if [ $# -ge 1 ]; then DIR=$1; else DIR=$(mktemp -d /tmp/objsh-bench-XXXXXX); OWN_DIR=$DIR; fi
stop_server() {
  scripts/swift-server stop "$DIR" >/dev/null 2>&1 || true
  if [ -n "$OWN_DIR" ]; then rm -rf "$OWN_DIR"; fi
}
OBJSH_SWIFT_WORKERS=${OBJSH_SWIFT_WORKERS:-auto} scripts/swift-server start "$DIR" 2>/dev/null
# shellcheck disable=SC1091
. "$DIR/env"
python3 -c 'import swiftclient' 2>/dev/null || /usr/bin/python3 -c 'import swiftclient' \
  || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-swiftclient >/dev/null
if [ -z "${OBJSH:-}" ]; then
  "$SWIFT" build $(build_flags release) --product objsh >/dev/null
  OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh
fi
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
XDG_CONFIG_HOME=$(mktemp -d); export XDG_CONFIG_HOME   # no user config in the way
WORK=$(mktemp -d /tmp/objsh-bench-XXXXXX)
trap 'rm -rf "$WORK" "$XDG_CONFIG_HOME"; stop_server' EXIT
scripts/swift-seed "$DIR" bench-get-r "$COUNT" >/dev/null

. bench/lib.sh
fresh() { rm -rf "$WORK/out" && mkdir -p "$WORK/out"; }
get_objsh() { "$OBJSH" -q --cluster env -c "lcd $WORK/out; get -r /bench-get-r" "$@"; }
get_before() { "$OBJSH_BEFORE" -q --cluster env -c "lcd $WORK/out; get -r /bench-get-r" "$@"; }
get_swift() { (cd "$WORK/out" && "${SWIFTCLIENT[@]}" "$@" download bench-get-r); }
tools=(get_objsh)
[ -n "${OBJSH_BEFORE:-}" ] && tools=(get_before get_objsh)
tools+=(get_swift)

# objsh puts the container's folder in the local one, swift the objects themselves.
check() { # tool: one download, its files counted and one object's bytes compared
  fresh; "$1" >/dev/null 2>&1
  local files sample
  files=$(find "$WORK/out" -type f | wc -l)
  sample=$(find "$WORK/out" -path '*f001/o001234.txt' | head -n 1)
  [ "$files" -eq "$COUNT" ] || { echo "bench: $1 wrote $files files, not $COUNT" >&2; exit 1; }
  [ -n "$sample" ] && curl -sf -H "X-Auth-Token: $(token)" "$(storage_url)/bench-get-r/f001/o001234.txt" | cmp -s - "$sample" \
    || { echo "bench: $1 gave other bytes" >&2; exit 1; }
}
auth_headers() { curl -s -D - -o /dev/null -H "X-Auth-User: $ST_USER" -H "X-Auth-Key: $ST_KEY" "$ST_AUTH" | tr -d '\r'; }
token() { auth_headers | sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p'; }
storage_url() { auth_headers | sed -n 's/^[Xx]-[Ss]torage-[Uu]rl: //p'; }
requests() { # tool: requests one download sends
  fresh
  case $1 in
    get_swift) get_swift --debug 2>&1 >/dev/null | grep -c 'REQ: curl' ;;
    *) "$1" --debug 2>&1 >/dev/null | grep -c '^debug: ' ;;
  esac
}

for tool in "${tools[@]}"; do check "$tool"; done
echo "== get -r of $COUNT small objects: requests sent"
for tool in "${tools[@]}"; do printf '  %-24s %6d\n' "${tool#get_}" "$(requests "$tool")"; done
prep() { fresh; }
echo "== get -r of $COUNT small objects ($RUNS rounds)"
rounds prep "${tools[@]}" | sed 's/^get_//' | report
