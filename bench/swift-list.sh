#!/usr/bin/env bash
# bench/swift-list.sh [DIR]
#
# Listing speed against one running swift-server (DIR, default /tmp/objsh-swift;
# started if it is not running). Two 100,000-object containers are seeded once
# with scripts/swift-seed and reused after: "big-flat" (o000000.txt ..., no
# folders), listed whole to /dev/null 5 times each by objsh, python-swiftclient,
# rclone and a plain curl page loop (the floor); and "big" (100 pseudo-folders
# f000/ ... of 1,000), for 50 cd/ls steps: one objsh batch vs 50 swift calls.
# Every command's output is checked once before it is timed.
# Prints min and median per tool and the ratio of each median to curl's.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
DIR=${1:-/tmp/objsh-swift}
RUNS=${RUNS:-5}
SWIFT=/opt/swift/usr/bin/swift

scripts/swift-server status "$DIR" >/dev/null 2>&1 || scripts/swift-server start "$DIR"
# shellcheck disable=SC1091
. "$DIR/env"
if ! command -v rclone >/dev/null || ! python3 -c 'import swiftclient' 2>/dev/null; then
  # python3-swiftclient's /usr/bin/swift would hide the Swift toolchain: divert it first.
  [ -n "$(dpkg-divert --list /usr/bin/swift)" ] || dpkg-divert --local --rename --divert /usr/bin/swiftclient --add /usr/bin/swift
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends python3-swiftclient rclone >/dev/null
fi
scripts/swift-seed "$DIR" big 100000
SEED_LAYOUT=flat scripts/swift-seed "$DIR" big-flat 100000
"$SWIFT" build $(build_flags release) --product objsh >/dev/null
OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh

export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
export RCLONE_CONFIG_BENCH_TYPE=swift RCLONE_CONFIG_BENCH_AUTH=$ST_AUTH RCLONE_CONFIG_BENCH_USER=$ST_USER RCLONE_CONFIG_BENCH_KEY=$ST_KEY
# Debian's python3-swiftclient, as diverted (pyenv's python3 may not have the module).
if [ -x /usr/bin/swiftclient ]; then SWIFTCLIENT=(/usr/bin/swiftclient); else SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell); fi
XDG_CONFIG_HOME=$(mktemp -d); export XDG_CONFIG_HOME   # no user config in the way

curl_pages() { # every page of big, 10,000 at a time, as the server's own cost
  local hdr token url marker="" page
  hdr=$(curl -s -D - -o /dev/null -H "X-Auth-User: $ST_USER" -H "X-Auth-Key: $ST_KEY" "$ST_AUTH" | tr -d '\r')
  token=$(sed -n 's/^[Xx]-[Aa]uth-[Tt]oken: //p' <<<"$hdr"); url=$(sed -n 's/^[Xx]-[Ss]torage-[Uu]rl: //p' <<<"$hdr")
  while :; do
    page=$(curl -sf -H "X-Auth-Token: $token" "$url/big-flat?limit=10000&marker=$marker")
    [ -n "$page" ] || break
    printf '%s\n' "$page"
    marker=$(tail -n 1 <<<"$page")
  done
}

. bench/lib.sh

expect_lines 100000 curl_pages
expect_lines 100000 "$OBJSH" -q --cluster env -c 'cd big-flat; ls'
expect_lines 100000 "${SWIFTCLIENT[@]}" list big-flat
expect_lines 100000 rclone lsf --files-only bench:big-flat
echo "== list 100,000 objects to /dev/null ($RUNS runs each)"
{
  measure curl-page-loop curl_pages
  measure objsh-ls "$OBJSH" -q --cluster env -c 'cd big-flat; ls'
  measure swift-list "${SWIFTCLIENT[@]}" list big-flat
  measure rclone-lsf rclone lsf --files-only bench:big-flat
} | report

# 25 folders, each: cd into it and ls (1,000 objects), back up and ls (100 folders).
steps=$(for i in $(seq 0 24); do printf 'cd f%03d\nls\ncd ..\nls\n' "$i"; done)
swift_steps() {
  for i in $(seq 0 24); do
    "${SWIFTCLIENT[@]}" list big --prefix "$(printf 'f%03d/' "$i")" --delimiter /
    "${SWIFTCLIENT[@]}" list big --delimiter /
  done
}
expect_lines $((25 * 1100)) "$OBJSH" -q --cluster env -c "cd big
$steps"
expect_lines $((25 * 1100)) swift_steps
echo "== 50 cd/ls steps through pseudo-folders ($RUNS runs each; ratios to objsh)"
{
  measure objsh-batch "$OBJSH" -q --cluster env -c "cd big
$steps"
  measure swift-list-x50 swift_steps
} | report
