#!/usr/bin/env bash
# bench/ls-json.sh [DIR]
#
# JSON Lines output (`ls --json`) of 100,000 objects beside plain `ls`, with the
# release build:
#  1. the file store (BENCH_DIR/store/big, made once as bench/foundation.sh makes it):
#     objsh ls vs objsh ls --json (the goal: --json within 1.2x of plain ls);
#  2. one running swift-server (DIR, default /tmp/objsh-swift; started if not running),
#     container big-flat (scripts/swift-seed): objsh ls, objsh ls --json,
#     python-swiftclient's `swift list --lh` (its closest to a JSON listing) and
#     `rclone lsjson` (Debian's rclone, installed when missing).
# Between them, bench/json-encoders.swift times Foundation's JSONEncoder against
# objsh's JSONLine for the same 100,000 records.
# Every command's output is checked once (line count; --json lines parsed by python3)
# before it is timed. Prints min and median of RUNS runs (default 5) and each median's
# ratio to plain objsh ls.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
RUNS=${RUNS:-5}
DIR=${1:-/tmp/objsh-swift}
SWIFT=$(swift_toolchain)
if [ -z "${OBJSH:-}" ]; then   # OBJSH=PATH: a binary built already
  "$SWIFT" build $(build_flags release) --product objsh >&2
  OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh
fi
XDG_CONFIG_HOME=$(mktemp -d); export XDG_CONFIG_HOME   # no user config in the way
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT

WORK=${BENCH_DIR:-/tmp/objsh-bench}
BIG=$WORK/store/big
if [ "$(find "$BIG" -maxdepth 1 -type f 2>/dev/null | wc -l)" -ne 100000 ]; then
  echo "creating 100,000 objects in $BIG" >&2
  rm -rf "$BIG"; mkdir -p "$BIG"
  python3 - "$BIG" <<'PY'
import os, sys
root = sys.argv[1]
for i in range(100000):
    with open(os.path.join(root, "obj-%06d-%s.dat" % (i, "abcdefgh"[i % 8])), "wb") as f:
        f.write(b"x" * (i % 97))
PY
fi

. bench/lib.sh
check_json() { # n cmd...: n lines, each a JSON object
  local want=$1; shift
  "$@" | python3 -c 'import json,sys; n=sum(1 for l in sys.stdin if isinstance(json.loads(l), dict)); sys.exit(0 if n == int(sys.argv[1]) else "bench: %d JSON lines" % n)' "$want" || exit 1
}

expect_lines 100000 "$OBJSH" --cluster "$WORK/store" -q -c 'ls big'
check_json 100000 "$OBJSH" --cluster "$WORK/store" -q -c 'ls --json big'
echo "== 1. file store, 100,000 objects to /dev/null ($RUNS runs each)"
{
  measure objsh-ls "$OBJSH" --cluster "$WORK/store" -q -c 'ls big'
  measure objsh-ls--json "$OBJSH" --cluster "$WORK/store" -q -c 'ls --json big'
} | report

echo "== 1b. the encoders alone, 100,000 records (why ls --json does not use JSONEncoder)"
"$(dirname "$SWIFT")/swiftc" -O -parse-as-library bench/json-encoders.swift Sources/Rendering/JSONLine.swift Sources/Rendering/JSONField.swift -o "$XDG_CONFIG_HOME/json-encoders"
"$XDG_CONFIG_HOME/json-encoders" 100000

[ "${SKIP_SWIFT:-0}" = 1 ] && exit 0
command -v rclone >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends rclone >/dev/null
scripts/swift-server status "$DIR" >/dev/null 2>&1 || scripts/swift-server start "$DIR"
# shellcheck disable=SC1091
. "$DIR/env"
SEED_LAYOUT=flat scripts/swift-seed "$DIR" big-flat 100000
export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
expect_lines 100000 "$OBJSH" -q --cluster env -c 'ls big-flat'
check_json 100000 "$OBJSH" -q --cluster env -c 'ls --json big-flat'
expect_lines 100001 "${SWIFTCLIENT[@]}" list --lh big-flat   # and a totals line
echo "== 2. swift-server, 100,000 objects to /dev/null ($RUNS runs each)"
{
  measure objsh-ls "$OBJSH" -q --cluster env -c 'ls big-flat'
  measure objsh-ls--json "$OBJSH" -q --cluster env -c 'ls --json big-flat'
  measure swift-list--lh "${SWIFTCLIENT[@]}" list --lh big-flat
  if command -v rclone >/dev/null; then
    export RCLONE_CONFIG_BENCH_TYPE=swift RCLONE_CONFIG_BENCH_AUTH=$ST_AUTH RCLONE_CONFIG_BENCH_USER=$ST_USER RCLONE_CONFIG_BENCH_KEY=$ST_KEY
    # Without --use-server-modtime rclone HEADs every object for its mtime metadata
    # (one run of 100,000 had not ended after 16 minutes here): time the listing itself.
    measure rclone-lsjson rclone lsjson --use-server-modtime bench:big-flat
  fi
} | report
