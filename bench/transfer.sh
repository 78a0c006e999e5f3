#!/usr/bin/env bash
# bench/transfer.sh [DIR]
#
# Download and delete speed against one swift-server started here (DIR, default a new
# temporary folder, stopped and removed at the end) with Swift's stock max_file_size,
# so a 200 MB object is one plain object. The server runs Swift's stock workers = auto
# (one proxy and one object-server process per core); OBJSH_SWIFT_WORKERS=0 times the
# tests' one-process server instead. Set OBJSH_SWIFT_*_PORT to free ports first;
# OBJSH=PATH takes an objsh release binary built already; OBJSH_BEFORE=PATH adds
# another build (an older commit's) to the get rounds. RUNS rounds, each running
# every tool once (so the drift of a shared machine falls on all alike):
#   - a 200 MB object fetched to a local file: curl (the floor), objsh get (ranges
#     several at once), objsh get --parallel 1 (one stream), and python-swiftclient's
#     swift download; each result's MD5 is checked once first;
#     SWEEP=1 instead times objsh get over range sizes x parallel counts (the hidden
#     OBJSH_TEST_RANGE_BYTES hook) to choose the defaults;
#     ONLY=get skips the rm -r part;
#   - rm -r of a 2,000-object container (seeded again before every run, untimed):
#     objsh vs swift delete CONTAINER.
# Prints min and median wall seconds, the ratio of each median to the first line's,
# and objsh's peak RSS (the largest of its runs).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
RUNS=${RUNS:-5}
SWIFT=/opt/swift/usr/bin/swift
OWN_DIR=""
if [ $# -ge 1 ]; then DIR=$1; else DIR=$(mktemp -d /tmp/objsh-bench-XXXXXX); OWN_DIR=$DIR; fi
stop_server() {
  scripts/swift-server stop "$DIR" >/dev/null 2>&1 || true
  if [ -n "$OWN_DIR" ]; then rm -rf "$OWN_DIR"; fi
}
OBJSH_SWIFT_MAX_FILE_SIZE=5368709122 OBJSH_SWIFT_WORKERS=${OBJSH_SWIFT_WORKERS:-auto} scripts/swift-server start "$DIR" 2>/dev/null
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

hdr=$(curl -s -D - -o /dev/null -H "X-Auth-User: $ST_USER" -H "X-Auth-Key: $ST_KEY" "$ST_AUTH" | tr -d '\r')
TOKEN=$(sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p' <<<"$hdr"); URL=$(sed -n 's/^[Xx]-[Ss]torage-[Uu]rl: //p' <<<"$hdr")
SOURCE=$WORK/bench-200mb.bin
head -c 200000000 /dev/urandom > "$SOURCE"
MD5=$(md5sum < "$SOURCE" | cut -d' ' -f1)
curl -sf -X PUT -H "X-Auth-Token: $TOKEN" "$URL/bench-transfer" >/dev/null
curl -sf -X PUT -H "X-Auth-Token: $TOKEN" -T "$SOURCE" "$URL/bench-transfer/200mb.bin" >/dev/null

. bench/lib.sh
fresh() { rm -rf "$WORK/out" && mkdir -p "$WORK/out"; }
get_curl() { fresh; curl -sf -H "X-Auth-Token: $TOKEN" -o "$WORK/out/200mb.bin" "$URL/bench-transfer/200mb.bin"; }
# The floor for a verified download: curl's bytes through md5sum on the way to the file.
get_curl_md5() { fresh; curl -sf -H "X-Auth-Token: $TOKEN" "$URL/bench-transfer/200mb.bin" | tee "$WORK/out/200mb.bin" | md5sum; }
get_objsh() { fresh; "$OBJSH" -q --cluster env -c "lcd $WORK/out; get /bench-transfer/200mb.bin"; }
get_objsh_one() { fresh; "$OBJSH" -q --cluster env -c "lcd $WORK/out; get --parallel 1 /bench-transfer/200mb.bin"; }
get_swift() { fresh; (cd "$WORK/out" && "${SWIFTCLIENT[@]}" download bench-transfer 200mb.bin); }
get_before() { fresh; "$OBJSH_BEFORE" -q --cluster env -c "lcd $WORK/out; get /bench-transfer/200mb.bin"; }
get_before_one() { fresh; "$OBJSH_BEFORE" -q --cluster env -c "lcd $WORK/out; get --parallel 1 /bench-transfer/200mb.bin"; }
get_tools=(get_curl get_curl_md5 get_objsh get_objsh_one get_swift)
[ -n "${OBJSH_BEFORE:-}" ] && get_tools=(get_curl get_curl_md5 get_before get_objsh get_before_one get_objsh_one get_swift)
check() { "$@" >/dev/null 2>&1; [ "$(md5sum < "$WORK/out/200mb.bin" | cut -d' ' -f1)" = "$MD5" ] || { echo "bench: $1 gave other bytes" >&2; exit 1; }; }
if [ -n "${SWEEP:-}" ]; then
  echo "== objsh get of a 200 MB object by range size x parallel ($RUNS runs each)"
  {
    for _ in $(seq "$RUNS"); do seconds get_curl; done | summary curl
    for mib in ${SWEEP_MIB:-4 8 16 32}; do
      for parallel in ${SWEEP_PARALLEL:-2 4 8}; do
        sweep_get() { fresh; OBJSH_TEST_RANGE_BYTES=$((mib << 20)) "$OBJSH" -q --cluster env -c "lcd $WORK/out; get --parallel $parallel /bench-transfer/200mb.bin"; }
        check sweep_get
        for _ in $(seq "$RUNS"); do seconds sweep_get; done | summary "${mib}MiBx$parallel"
      done
    done
  } | report
  exit 0
fi
for tool in "${get_tools[@]}"; do check "$tool"; done
nothing() { :; }
echo "== get a 200 MB object ($RUNS rounds)"
rounds nothing "${get_tools[@]}" | sed 's/^get_//' | report
rss=$(/usr/bin/time -f %M "$OBJSH" -q --cluster env -c "lcd $WORK/out; get -f /bench-transfer/200mb.bin" 2>&1 >/dev/null | tail -1)
echo "  objsh get peak RSS: $((rss / 1024)) MB"
rss=$(/usr/bin/time -f %M "$OBJSH" -q --cluster env -c "lcd $WORK/out; get -f --parallel 1 /bench-transfer/200mb.bin" 2>&1 >/dev/null | tail -1)
echo "  objsh get --parallel 1 peak RSS: $((rss / 1024)) MB"
[ "${ONLY:-}" = get ] && exit 0

seed() { scripts/swift-seed "$DIR" bench-rm 2000 >/dev/null; }   # (before each rm; the tool's name is ignored)
rm_objsh() { "$OBJSH" -q --cluster env -c 'rm -r /bench-rm'; }
rm_swift() { "${SWIFTCLIENT[@]}" delete bench-rm; }
echo "== rm -r of 2,000 objects and their container ($RUNS rounds, seeding untimed)"
rounds seed rm_swift rm_objsh | sed 's/^rm_//' | report
seed
rss=$(/usr/bin/time -f %M "$OBJSH" -q --cluster env -c 'rm -r /bench-rm' 2>&1 >/dev/null | tail -1)
echo "  objsh rm -r peak RSS: $((rss / 1024)) MB"
