#!/usr/bin/env bash
# bench/index.sh [DIR]
#
# Issue 29's figures for the local index of names (`index`, `search` from it):
#   (a) search over GENERATED names (default 10,000,000) of a generated account, built
#       through the storage protocol by bench/IndexBench (NameIndex.refresh: the parallel
#       listing and the segment writer `index` runs; seeding 10M objects takes days),
#       then QUERIES searches (default 100) of each kind from the index, as `search`
#       runs them (SearchPane): a rare term, a common term, a glob, a size filter;
#       p50, p99 and max in ms. Goal at 10M: p50 <= 100 ms, p99 <= 300 ms.
#   (b) the same over REAL objects (default 1,000,000) on a swift-server, seeded by
#       scripts/swift-seed into containers of CHANGED (default 10,000) in the second
#       test account, indexed by `objsh -c index`; then one whole `objsh search` of a
#       common term from the index beside `search --live` and the peers' way, rclone
#       lsf -R through grep (rclone, mc, the AWS CLI and swiftclient all list again).
#   (c) the index's size on disk beside the names' bytes (goal <= 1.5x), per million.
#   (d) peak RSS (GNU time) while building: generated, GENERATED/10 names in one container
#       and GENERATED in ten (containers of one size, so only the account grows), and
#       `objsh -c index` of the REAL objects (goal: does not grow with them). A container's
#       listing keeps at most a few pages in flight per range (ParallelListing): a bigger
#       container uses more of that bound, a bigger account none of it.
#   (e) the refresh of that account when one container of CHANGED changed (100 names
#       added, 100 deleted, 100 overwritten larger, then waiting until the account
#       listing shows its new totals): `objsh -c index` beside `index --full`, RUNS
#       rounds (default 3; min and median seconds) and each one's requests (--debug lines).
#       A loaded server may defer a container update (swift-server runs no object
#       updater), so the names indexed can differ from 10,000 by the writes it deferred.
# The swift-server runs under DIR (default a new temporary folder, removed at the end;
# give a DIR to keep the seeded objects for another run). Set the ports first
# (OBJSH_SWIFT_*_PORT). OBJSH=PATH and BENCH=PATH take release binaries built already;
# without them this checkout is built (release; BUILD=debug for a quick check of the script).
# Small sizes for a check: GENERATED=100000 REAL=20000 RUNS=1 bench/index.sh
# REAL=0 runs only the generated part ((a), (c), (d) generated): no swift-server, and
# BENCH alone is needed; GENERATED=0 only the real part ((b), (d) real, (e)).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-3}
GENERATED=${GENERATED:-10000000}
REAL=${REAL:-1000000}
CHANGED=${CHANGED:-10000}
QUERIES=${QUERIES:-100}
BUILD=${BUILD:-release}
SWIFT=$(swift_toolchain)
[ -x /usr/bin/time ] || { echo "bench: GNU time is missing (scripts/test installs it)" >&2; exit 1; }

if [ -z "${BENCH:-}" ] || { [ "$REAL" != 0 ] && [ -z "${OBJSH:-}" ]; }; then
  [ "$REAL" = 0 ] || "$SWIFT" build $(build_flags "$BUILD") --product objsh >/dev/null
  "$SWIFT" build $(build_flags "$BUILD") --product objsh-index-bench >/dev/null
  BIN=$("$SWIFT" build $(build_flags "$BUILD") --show-bin-path)
  OBJSH=${OBJSH:-$BIN/objsh} BENCH=${BENCH:-$BIN/objsh-index-bench}
fi
echo "objsh: ${OBJSH:-none}; bench: $BENCH ($BUILD build of $(git rev-parse --short HEAD))"
if [ "$REAL" = 0 ]; then
  WORK=$(mktemp -d /tmp/objsh-bench-files-XXXXXX)
  trap 'rm -rf "$WORK"' EXIT
else
  bench_swift_server "${1:-}"
fi
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data XDG_CACHE_HOME=$WORK/cache

peak_mb() { # file written by /usr/bin/time -v: its peak RSS in MB
  awk -F': ' '/Maximum resident set size/{printf "%.1f MB", $2/1024}' "$1"
}
per_million() { # names bytes: bytes per million names, in MB
  awk -v n="$1" -v b="$2" 'BEGIN{printf "%.1f MB", b/n}'
}

generated_part() { # (a), (c) and (d) of GENERATED names
  echo "== (a) search over $GENERATED generated names ($(load_avg))"
  # An account a tenth the size with containers of the same size (one): what grows with the account.
  SMALL=$((GENERATED / 10))
  /usr/bin/time -v "$BENCH" build "$WORK/gen-small" "$SMALL" 1 >/dev/null 2>"$WORK/time-small"
  rm -rf "$WORK/gen-small"
  /usr/bin/time -v "$BENCH" build "$WORK/gen" "$GENERATED" 10 >"$WORK/built" 2>"$WORK/time-gen"
  sed 's/^/  /' "$WORK/built"
  "$BENCH" query "$WORK/gen" generated "$((GENERATED / 10))" "$QUERIES" | sed 's/^/  /'
  index_bytes=$(sed -n 's/^index \([0-9]*\) bytes.*/\1/p' "$WORK/built")
  name_bytes=$(sed -n 's/.*names \([0-9]*\) bytes.*/\1/p' "$WORK/built")
  echo "== (c) size on disk: $(per_million "$GENERATED" "$index_bytes") per million names, names $(per_million "$GENERATED" "$name_bytes")"
  echo "== (d) peak RSS building: $SMALL names (1 container) $(peak_mb "$WORK/time-small"), $GENERATED names (10) $(peak_mb "$WORK/time-gen")"
  rm -rf "$WORK/gen"
}
if [ "$GENERATED" = 0 ]; then echo "(a), (c) and (d) generated skipped: GENERATED=0"; else generated_part; fi
if [ "$REAL" = 0 ]; then echo "(b), (d) real and (e) skipped: REAL=0"; exit 0; fi

# (b) the real objects, in the second account, whose root holds only them.
cat >"$WORK/seed-env" <<EOF
export OBJSH_TEST_SWIFT_AUTH=$OBJSH_TEST_SWIFT_AUTH OBJSH_TEST_SWIFT_USER=$OBJSH_TEST_SWIFT_USER2 OBJSH_TEST_SWIFT_KEY=$OBJSH_TEST_SWIFT_KEY2
EOF
mkdir -p "$WORK/seed" "$XDG_CONFIG_HOME/objsh" && cp "$WORK/seed-env" "$WORK/seed/env"
CONTAINERS=$(((REAL + CHANGED - 1) / CHANGED))
for i in $(seq 0 $((CONTAINERS - 1))); do scripts/swift-seed "$WORK/seed" "$(printf 'bidx-%03d' "$i")" "$CHANGED" 2>/dev/null; done
printf '[cluster bench]\ntype = swift\nauth_url = %s\nuser = %s\nkey = %s\n' \
  "$OBJSH_TEST_SWIFT_AUTH" "$OBJSH_TEST_SWIFT_USER2" "$OBJSH_TEST_SWIFT_KEY2" >"$XDG_CONFIG_HOME/objsh/config"
chmod 600 "$XDG_CONFIG_HOME/objsh/config"
objsh() { "$OBJSH" -q --cluster bench "$@"; }
swift_login "$OBJSH_TEST_SWIFT_AUTH" "$OBJSH_TEST_SWIFT_USER2" "$OBJSH_TEST_SWIFT_KEY2"

echo "== (b) search over $((CONTAINERS * CHANGED)) objects on the Swift server ($(load_avg))"
/usr/bin/time -v "$OBJSH" -q --cluster bench -c 'index --full' >"$WORK/indexed" 2>"$WORK/time-real"
echo "  $(cat "$WORK/indexed"); peak RSS $(peak_mb "$WORK/time-real")"
FOLDER=$(echo "$XDG_CACHE_HOME"/objsh/index/*)
"$BENCH" query "$FOLDER" seeded "$CHANGED" "$QUERIES" | sed 's/^/  /'

# (b) beside the peers, which list the account again for every search: one search of
# the common term `5.txt` (a tenth of the names) from the index and live, and rclone's
# recursive listing through grep; LIVE_RUNS rounds (default 1: each live one lists 1M).
export RCLONE_CONFIG=$WORK/rclone.conf RCLONE_CONFIG_BENCH_TYPE=swift RCLONE_CONFIG_BENCH_AUTH=$OBJSH_TEST_SWIFT_AUTH \
  RCLONE_CONFIG_BENCH_USER=$OBJSH_TEST_SWIFT_USER2 RCLONE_CONFIG_BENCH_KEY=$OBJSH_TEST_SWIFT_KEY2
: >"$RCLONE_CONFIG"
# Each timed run leaves its count of matches (and what it said on stderr) in WORK.
search_index() { objsh -c 'search 5.txt' 2>"$WORK/err-index" | grep -c '5\.txt' >"$WORK/count-index"; }
search_live() { objsh -c 'search --live 5.txt' 2>"$WORK/err-live" | grep -c '5\.txt' >"$WORK/count-live"; }
rclone_lsf_grep() { rclone lsf -R --files-only bench: 2>"$WORK/err-rclone" | grep -ci '5\.txt' >"$WORK/count-rclone"; }
echo "== (b) one search of 5.txt beside listing again ($(load_avg))"
nothing() { :; }
(RUNS=${LIVE_RUNS:-1} rounds nothing search_index search_live rclone_lsf_grep) | report
# A seeded account has a tenth of its names ending in 5.txt; one kept from an earlier run
# (DIR) has (e)'s changes too, so the three counts are checked against each other.
want=$(cat "$WORK/count-index" 2>/dev/null || echo none)
for tool in index live rclone; do
  count=$(cat "$WORK/count-$tool" 2>/dev/null || echo none)
  [ "$count" = "$want" ] && [ "$count" != 0 ] ||
    { echo "bench: $tool found $count matches of 5.txt, the index $want: $(head -c 300 "$WORK/err-$tool")" >&2; exit 1; }
done
echo "  each found $want matches"

container_totals() { # container: its count and bytes, as its HEAD gives them
  curl -sf -I -H "X-Auth-Token: $TOKEN" "$URL/$1" | tr -d '\r' |
    awk -F': ' 'tolower($1)=="x-container-object-count"{c=$2} tolower($1)=="x-container-bytes-used"{b=$2} END{print c, b}'
}
account_totals() { # container: its count and bytes, as the account listing gives them
  curl -sf -H "X-Auth-Token: $TOKEN" "$URL?format=json&prefix=$1" |
    python3 -c 'import json,sys; e=json.load(sys.stdin)[0]; print(e["count"], e["bytes"])'
}
change_one() { # round: 100 added, 100 deleted, 100 overwritten larger in bidx-000; waits for the account listing
  local round=$1 base=$((round * 300))
  seq "$base" $((base + 99)) | xargs -P 8 -I{} curl -sf -X PUT -H "X-Auth-Token: $TOKEN" \
    --data-binary 'added' "$URL/bidx-000/new/r$round-{}.txt" -o /dev/null
  seq $((base + 100)) $((base + 199)) | xargs -P 8 -I{} sh -c 'curl -sf -X DELETE -H "X-Auth-Token: $0" "$1/bidx-000/f$(printf %03d $(({} / 1000)))/o$(printf %06d {}).txt" -o /dev/null || true' "$TOKEN" "$URL"
  seq $((base + 200)) $((base + 299)) | xargs -P 8 -I{} sh -c 'curl -sf -X PUT -H "X-Auth-Token: $0" --data-binary "overwritten, longer $2" "$1/bidx-000/f$(printf %03d $(({} / 1000)))/o$(printf %06d {}).txt" -o /dev/null' "$TOKEN" "$URL" "$round"
  local deadline=$((SECONDS + 120))
  until [ "$(container_totals bidx-000)" = "$(account_totals bidx-000)" ]; do
    [ $SECONDS -lt $deadline ] || { echo "bench: the account listing did not catch up with bidx-000" >&2; exit 1; }
    sleep 0.5
  done
}
echo "== (e) refresh after one container of $CHANGED changed, beside index --full ($RUNS rounds; $(load_avg))"
times=$(mktemp -d)
for round in $(seq "$RUNS"); do
  change_one "$round"
  seconds objsh -c index >>"$times/refresh"
  seconds objsh -c 'index --full' >>"$times/full"
done
change_one $((RUNS + 1))
echo "  refresh: $(objsh --debug -c index 2>"$WORK/refresh-debug")"
echo "  full: $(objsh --debug -c 'index --full' 2>"$WORK/full-debug")"
echo "  requests: refresh $(grep -c '^debug: ' "$WORK/refresh-debug"), full $(grep -c '^debug: ' "$WORK/full-debug")"
{ summary index <"$times/refresh"; summary index--full <"$times/full"; } | report
rm -rf "$times"
echo "load at the end: $(load_avg)"
