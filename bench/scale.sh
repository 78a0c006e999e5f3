#!/usr/bin/env bash
# bench/scale.sh [DIR]
#
# Issue 11's figures against one running swift-server (DIR, default /tmp/objsh-swift;
# started if it is not running, on the OBJSH_SWIFT_*_PORT ports scripts/swift-server
# reads). Release build of objsh. Seeds once with scripts/swift-seed and reuses:
#   big-flat  100,000 objects o000000.txt ... (no folders)   flat-10k  10,000 of them
#   big       100,000 objects f000/o000000.txt ... (100 pseudo-folders of 1,000)
#   srch-00 .. srch-09, 20,000 objects each, in the second test account (test2), so
#   that `search` walks an account of exactly 10 x 20,000 (SEARCH_CONTAINERS=N seeds
#   and searches N of them instead: seeding takes minutes per container here).
# Figures (RUNS runs each, default 5; min and median; ratios of medians to the first line):
#   ls of big-flat: a sequential curl page loop (the floor), curl listing 4 key ranges
#     at once (marker/end_marker: what the server can give), objsh ls, python-swiftclient
#     `swift list`, and `rclone lsf` when rclone is installed;
#   ls -R of big: objsh vs `swift list` (which lists full names, no delimiter) and `rclone lsf -R`;
#   cd into big-flat: objsh -c 'cd big-flat' against objsh -c 'pwd' (same start-up);
#   search for a rare term (10 hits) in the test2 account: objsh vs swift list of each
#     container piped to grep, and vs OBJSH_BEFORE (an objsh from before parallel
#     search, e.g. built from ccb2668^) when it is set;
#   the file store: objsh ls of a folder of 100,000 files vs `find | sort`, and the
#     TAB latency of bench/tab-latency.py (first TAB p50/p99 in a 100,000-file folder);
#   peak RSS (GNU time's %M) of objsh ls of 10,000 and 100,000 objects, ls -R, search,
#     and ls on the file store. The load (uptime) is printed first and last.
# Every command's output is checked once before it is timed.
# ONLY=ls seeds big-flat alone and stops after its ls and the cd figure; there
# OBJSH_BEFORE adds that build to both, in rounds (each run times every tool once).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
DIR=${1:-/tmp/objsh-swift}
RUNS=${RUNS:-5}
SWIFT=$(swift_toolchain)

scripts/swift-server status "$DIR" >/dev/null 2>&1 || scripts/swift-server start "$DIR"
# shellcheck disable=SC1091
. "$DIR/env"
/usr/bin/python3 -c 'import swiftclient' 2>/dev/null || { echo "bench: python3-swiftclient is missing (scripts/test installs it)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench: GNU time is missing (scripts/test installs it)" >&2; exit 1; }
SEED_LAYOUT=flat scripts/swift-seed "$DIR" big-flat 100000
[ "${ONLY:-}" = ls ] || scripts/swift-seed "$DIR" big 100000
[ "${ONLY:-}" = ls ] || SEED_LAYOUT=flat scripts/swift-seed "$DIR" flat-10k 10000
SEARCH_CONTAINERS=${SEARCH_CONTAINERS:-10}
[ "${ONLY:-}" = ls ] && SEARCH_CONTAINERS=0
for i in $(seq 0 $((SEARCH_CONTAINERS - 1))); do
  OBJSH_TEST_SWIFT_AUTH=$OBJSH_TEST_SWIFT_AUTH OBJSH_TEST_SWIFT_USER=$OBJSH_TEST_SWIFT_USER2 OBJSH_TEST_SWIFT_KEY=$OBJSH_TEST_SWIFT_KEY2 \
    scripts/swift-seed /nonexistent "$(printf 'srch-%02d' "$i")" 20000
done
if [ -z "${OBJSH:-}" ]; then   # OBJSH=PATH: a release binary built already
  "$SWIFT" build $(build_flags release) --product objsh >/dev/null
  OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh
fi

export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
# python3-swiftclient's /usr/bin/swift would hide the Swift toolchain: run it as a module.
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
XDG_CONFIG_HOME=$(mktemp -d); export XDG_CONFIG_HOME   # no user config in the way
FILE_STORE=$(mktemp -d)   # the file store's 100,000-file folder, made below
trap 'rm -rf "$XDG_CONFIG_HOME" "$FILE_STORE"' EXIT

login() { # prints "token url" for user $1, key $2
  local hdr
  hdr=$(curl -s -D - -o /dev/null -H "X-Auth-User: $1" -H "X-Auth-Key: $2" "$ST_AUTH" | tr -d '\r')
  echo "$(sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p' <<<"$hdr") $(sed -n 's/^[Xx]-[Ss]torage-[Uu]rl: //p' <<<"$hdr")"
}
read -r TOKEN URL < <(login "$ST_USER" "$ST_KEY")
curl_range() { # container marker end: every page of one key range
  local marker=$2 page
  while :; do
    page=$(curl -sf -H "X-Auth-Token: $TOKEN" "$URL/$1?limit=10000&marker=$marker&end_marker=$3")
    [ -n "$page" ] || break
    printf '%s\n' "$page"
    marker=$(tail -n 1 <<<"$page")
  done
}
curl_pages() { curl_range big-flat "" ""; }
curl_four_ranges() { # the key space cut by hand where this naming splits it evenly
  local dir; dir=$(mktemp -d)
  curl_range big-flat "" o025000.txt >"$dir/0" & curl_range big-flat o024999.txt o050000.txt >"$dir/1" &
  curl_range big-flat o049999.txt o075000.txt >"$dir/2" & curl_range big-flat o074999.txt "" >"$dir/3" &
  wait; cat "$dir/0" "$dir/1" "$dir/2" "$dir/3"; rm -rf "$dir"
}
objsh() { "$OBJSH" -q --cluster env -c "$1"; }
before() { "$OBJSH_BEFORE" -q --cluster env -c "$1"; }
objsh2() { ST_USER=$OBJSH_TEST_SWIFT_USER2 ST_KEY=$OBJSH_TEST_SWIFT_KEY2 "$OBJSH" -q --cluster env -c "$1"; }
before2() { ST_USER=$OBJSH_TEST_SWIFT_USER2 ST_KEY=$OBJSH_TEST_SWIFT_KEY2 "$OBJSH_BEFORE" -q --cluster env -c "$1"; }
swift_grep() { # every container of test2, listed whole, through grep
  local c
  for c in $("${SWIFTCLIENT[@]}" -U "$OBJSH_TEST_SWIFT_USER2" -K "$OBJSH_TEST_SWIFT_KEY2" list); do
    "${SWIFTCLIENT[@]}" -U "$OBJSH_TEST_SWIFT_USER2" -K "$OBJSH_TEST_SWIFT_KEY2" list "$c" | grep o019999 | sed "s|^|$c/|"
  done
}

. bench/lib.sh
echo "== load before: $(uptime)"

# rclone's remote from the environment (a connection string would have to quote the
# colons in the URL and the user); auth v1 must be said, rclone does not guess it.
RCLONE=$(command -v rclone || true)
export RCLONE_CONFIG_OBJSHBENCH_TYPE=swift RCLONE_CONFIG_OBJSHBENCH_AUTH=$ST_AUTH RCLONE_CONFIG_OBJSHBENCH_USER=$ST_USER \
  RCLONE_CONFIG_OBJSHBENCH_KEY=$ST_KEY RCLONE_CONFIG_OBJSHBENCH_AUTH_VERSION=1
if [ -n "$RCLONE" ]; then
  expect_lines 100000 rclone lsf --files-only objshbench:big-flat
  expect_lines 100000 rclone lsf -R --files-only objshbench:big
fi
expect_lines 100000 curl_pages
expect_lines 100000 curl_four_ranges
expect_lines 100000 objsh 'ls big-flat'
expect_lines 100000 "${SWIFTCLIENT[@]}" list big-flat
echo "== ls of 100,000 objects to /dev/null ($RUNS runs each; ratios to the curl page loop)"
{
  measure curl-page-loop curl_pages
  measure curl-4-ranges curl_four_ranges
  measure objsh-ls objsh 'ls big-flat'
  measure swift-list "${SWIFTCLIENT[@]}" list big-flat
  if [ -n "$RCLONE" ]; then measure rclone-lsf rclone lsf --files-only objshbench:big-flat; fi
} | report
[ -n "$RCLONE" ] || echo "  (rclone is not installed here: no rclone figure)"
if [ "${ONLY:-}" = ls ]; then
  nothing() { :; }
  ls_objsh() { objsh 'ls big-flat'; }
  pwd_objsh() { objsh 'pwd'; }
  cd_objsh() { objsh 'cd big-flat'; }
  ls_before() { before 'ls big-flat'; }
  pwd_before() { before 'pwd'; }
  cd_before() { before 'cd big-flat'; }
  if [ -n "${OBJSH_BEFORE:-}" ]; then
    expect_lines 100000 before 'ls big-flat'
    echo "== ls of 100,000 objects to /dev/null: before vs objsh ($RUNS rounds; ratios to before)"
    rounds nothing ls_before ls_objsh | report
    echo "== start-up to the first pane, -c 'pwd': before vs objsh ($RUNS rounds; ratios to before)"
    rounds nothing pwd_before pwd_objsh | report
    echo "== -c 'cd big-flat': before vs objsh ($RUNS rounds; ratios to before)"
    rounds nothing cd_before cd_objsh | report
  else
    echo "== cd into big-flat: objsh -c 'cd big-flat' against -c 'pwd' ($RUNS rounds)"
    rounds nothing pwd_objsh cd_objsh | report
  fi
  exit 0
fi

expect_lines 100000 objsh 'ls -R big'
expect_lines 100000 "${SWIFTCLIENT[@]}" list big
echo "== ls -R of 100,000 objects in 100 folders ($RUNS runs each; ratios to swift list)"
{
  measure swift-list "${SWIFTCLIENT[@]}" list big
  measure objsh-ls-R objsh 'ls -R big'
  if [ -n "$RCLONE" ]; then measure rclone-lsf-R rclone lsf -R --files-only objshbench:big; fi
} | report

echo "== cd into big-flat: objsh -c 'cd big-flat' against -c 'pwd' ($RUNS runs each)"
{
  measure objsh-pwd objsh 'pwd'
  measure objsh-cd objsh 'cd big-flat'
} | report

expect_lines "$SEARCH_CONTAINERS" objsh2 'search o019999
ls'
expect_lines "$SEARCH_CONTAINERS" swift_grep
echo "== search for a rare term in $SEARCH_CONTAINERS containers x 20,000 ($RUNS runs each; ratios to swift list | grep)"
# `search` alone is the walk; `search` + `ls` prints the results too (an `ls` after a
# finished search prints the pane's results; an objsh before that searched again).
{
  measure swift-list-grep swift_grep
  measure objsh-search objsh2 'search o019999'
  measure objsh-search+ls objsh2 'search o019999
ls'
  if [ -n "${OBJSH_BEFORE:-}" ]; then
    measure before-search before2 'search o019999'
    measure before-search+ls before2 'search o019999
ls'
  fi
} | report

# The file store: a folder of 100,000 empty files, listed by objsh and by find | sort.
python3 -c 'import os, sys
os.makedirs(sys.argv[1])
for i in range(100_000): open(os.path.join(sys.argv[1], "o%06d.txt" % i), "w").close()' "$FILE_STORE/big"
find_sort() { find "$FILE_STORE/big" -type f | sort; }
objsh_file() { "$OBJSH" -q --cluster "$FILE_STORE" -c 'ls big'; }
expect_lines 100000 find_sort
expect_lines 100000 objsh_file
echo "== file store: ls of a folder of 100,000 files ($RUNS runs each; ratios to find | sort)"
{
  measure find-sort find_sort
  measure objsh-file-ls objsh_file
} | report
echo "== file store: TAB latency (bench/tab-latency.py, its own store of 100,000 + 20 files)"
python3 bench/tab-latency.py "$OBJSH" 100 | sed 's/^/  /'

echo "== peak RSS (kB, one run each)"
echo "  objsh ls 10,000:      $(peak_kb "$OBJSH" -q --cluster env -c 'ls flat-10k')"
echo "  objsh ls 100,000:     $(peak_kb "$OBJSH" -q --cluster env -c 'ls big-flat')"
echo "  objsh ls -R 100,000:  $(peak_kb "$OBJSH" -q --cluster env -c 'ls -R big')"
echo "  objsh search $((SEARCH_CONTAINERS * 20)),000: $(ST_USER=$OBJSH_TEST_SWIFT_USER2 ST_KEY=$OBJSH_TEST_SWIFT_KEY2 peak_kb "$OBJSH" -q --cluster env -c 'search o0
ls')"
echo "  objsh file ls 100,000: $(peak_kb "$OBJSH" -q --cluster "$FILE_STORE" -c 'ls big')"
echo "== load after: $(uptime)"
