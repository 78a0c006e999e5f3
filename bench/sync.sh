#!/usr/bin/env bash
# bench/sync.sh [DIR]
#
# Issue 27's sync figures against one swift-server (stock max_file_size, workers =
# auto) started here under DIR (default a new temporary folder) and stopped at the
# end, with a local tree of FILES files (default 10,000) of TOTAL_MB MB in all
# (default 2048): 99% small (the other half of the bytes: about 100 KB each at the
# defaults), 1% large (half the bytes, from 0.1x to 1.9x their mean: 1-19 MB at the
# defaults, a fifth of them over the segment size SEGMENT_MB, default 16). Three
# figures, each beside its peers, each tool into a container (bucket) of its own:
#   first sync          (the tool's container and objsh's digest cache removed first)
#   unchanged re-sync   (nothing changed since the tool's last run)
#   1% changed          (1% of the files rewritten, same size, before each round)
#   Swift  objsh sync file:TREE /bench-o (env cluster) | rclone sync --checksum TREE
#          sw:bench-r | swift upload --changed -S SEGMENT bench-w TREE
#   S3     (s3api on the same server; ONLY=swift skips it) objsh sync file:TREE
#          aws:/bench-os | aws s3 sync TREE s3://bench-as | rclone sync --checksum TREE
#          s3:bench-rs
# Goals: the unchanged re-sync at most 0.3x rclone's time, the first sync at most
# 0.8x rclone's. RUNS rounds (default 3), each running every tool once (bench/lib.sh);
# prints min and median wall seconds, each median's ratio to objsh's, and objsh's
# peak RSS (largest over the runs). The first syncs come first (RUNS_FIRST rounds,
# default RUNS): their last round leaves each destination synced, then one untimed run
# of each tool must succeed and objsh's must say `hashed 0 files` before the re-syncs.
# Set the ports first (OBJSH_SWIFT_*_PORT); OBJSH=PATH takes a release binary. A quick
# check of the script: FILES=200 TOTAL_MB=20 SEGMENT_MB=1 RUNS=1 OBJSH=.build/debug/objsh.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-3}
FILES=${FILES:-10000}
TOTAL_MB=${TOTAL_MB:-2048}
SEGMENT_MB=${SEGMENT_MB:-16}
SWIFT=$(swift_toolchain)
apt_install rclone
bench_swift_server "${1:-}"
release_objsh
bench_peers_env
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data XDG_CACHE_HOME=$WORK/cache
mkdir -p "$XDG_CONFIG_HOME/objsh"
printf '[cluster aws]\ntype = s3\nendpoint = %s\naccess_key = %s\nsecret_key = %s\n' \
  "$AWS_ENDPOINT_URL" "$AWS_ACCESS_KEY_ID" "$AWS_SECRET_ACCESS_KEY" > "$XDG_CONFIG_HOME/objsh/config"
chmod 600 "$XDG_CONFIG_HOME/objsh/config"
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
AWS=(aws --endpoint-url "$AWS_ENDPOINT_URL")
echo "rclone: $(rclone version | head -n 1); AWS CLI: $(aws --version 2>&1 | cut -d' ' -f1); $(/usr/bin/python3 -m swiftclient.shell --version 2>&1 | head -n 1)"
TREE=$WORK/tree
SEGMENT=$((SEGMENT_MB << 20))
RSS=$WORK/rss

make_tree() { # folder files megabytes: the tree of mixed sizes described above
/usr/bin/python3 - "$1" "$2" "$3" <<'PY'
import os, sys
tree, files, total = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) << 20
large = max(1, files // 100)
large_bytes = total // 2 // large
small_bytes = max(1, (total - large * large_bytes) // max(1, files - large))
for index in range(files):
    folder = os.path.join(tree, "d%03d" % (index % 100))
    os.makedirs(folder, exist_ok=True)
    # the large ones from 0.1x to 1.9x their mean, so some pass the segment size
    spread = 0.1 + 1.8 * (index // 100) / max(1, large - 1)
    size = int(large_bytes * spread) if index % 100 == 0 else small_bytes + (index * 37) % max(1, small_bytes)
    with open(os.path.join(folder, "f%06d.bin" % index), "wb") as out:
        out.write(os.urandom(size))
PY
}
make_tree "$TREE" "$FILES" "$TOTAL_MB"
echo "tree: $FILES files, $(du -sh "$TREE" | cut -f1), $(find "$TREE" -size +"${SEGMENT_MB}M" | wc -l) over the segment size"

objsh_sw() { /usr/bin/time -f %M -a -o "$RSS" "$OBJSH" -q --cluster env -c "sync --segment-size ${SEGMENT_MB}M file:$TREE /bench-o" >/dev/null; }
rclone_sw() { rclone sync --checksum "$TREE" sw:bench-r; }
swift_sw() { "${SWIFTCLIENT[@]}" upload --changed -S "$SEGMENT" bench-w "$TREE" >/dev/null; }
objsh_s3() { /usr/bin/time -f %M -a -o "$RSS" "$OBJSH" -q --cluster aws -c "sync --segment-size ${SEGMENT_MB}M file:$TREE /bench-os" >/dev/null; }
aws_s3() { "${AWS[@]}" s3 sync --only-show-errors "$TREE" s3://bench-as; }
rclone_s3() { rclone sync --checksum "$TREE" s3:bench-rs; }

remove_destination() { # tool: its container (and segments) gone, objsh's digest cache too
  case $1 in
    objsh_sw)
      "$OBJSH" -q --cluster env -c $'rm -r -f /bench-o\nrm -r -f /bench-o_segments' >/dev/null 2>&1 || true
      rm -rf "$XDG_CACHE_HOME/objsh/digests" ;;
    rclone_sw) rclone purge sw:bench-r >/dev/null 2>&1 || true ;;
    swift_sw) "${SWIFTCLIENT[@]}" delete bench-w >/dev/null 2>&1 || true; "${SWIFTCLIENT[@]}" delete bench-w_segments >/dev/null 2>&1 || true ;;
    objsh_s3)
      "$OBJSH" -q --cluster aws -c 'rm -r -f /bench-os' >/dev/null 2>&1 || true
      rm -rf "$XDG_CACHE_HOME/objsh/digests" ;;
    aws_s3) # aws s3 sync makes no bucket
      "${AWS[@]}" s3 rb --force s3://bench-as >/dev/null 2>&1 || true
      "${AWS[@]}" s3 mb s3://bench-as >/dev/null ;;
    rclone_s3) rclone purge s3:bench-rs >/dev/null 2>&1 || true ;;
  esac
}
FIRST_TOOL=""
change_one_percent() { # tool: before the round's first tool, 1% of the files rewritten (same size)
  [ "$1" = "$FIRST_TOOL" ] || return 0
  /usr/bin/python3 - "$TREE" <<'PY'
import os, random, sys
names = sorted(os.path.join(d, f) for d, _, fs in os.walk(sys.argv[1]) for f in fs)
for name in random.sample(names, max(1, len(names) // 100)):
    size = os.path.getsize(name)
    with open(name, "r+b") as out:
        out.write(os.urandom(size))
PY
}
unchanged() { :; }
part() { # title prep tool...: RUNS rounds; objsh's peak RSS
  local title=$1 prep=$2; shift 2
  FIRST_TOOL=$1
  : > "$RSS"
  echo "== $title ($RUNS rounds; $(load_avg))"
  rounds "$prep" "$@" | report
  echo "   objsh peak RSS: $(sort -n "$RSS" | tail -n 1) kB; after: $(load_avg)"
}
first_syncs() { # title tool...: RUNS_FIRST rounds from empty destinations (default RUNS); the
  # last round leaves each destination synced for the parts after, and every tool must have
  # succeeded (a failed run stops the bench)
  local title=$1; shift
  RUNS=${RUNS_FIRST:-$RUNS} part "$title" remove_destination "$@"
  for tool in "$@"; do "$tool" >/dev/null || { echo "bench: $tool failed after its first sync" >&2; exit 1; }; done
}
hashes_nothing() { # cluster container: objsh's re-sync of the unchanged tree must read no file
  local again
  again=$("$OBJSH" -q --cluster "$1" -c "sync --segment-size ${SEGMENT_MB}M file:$TREE $2" | tail -n 1)
  case $again in *"hashed 0 files"*) ;; *) echo "bench: objsh's re-sync hashed files: $again" >&2; exit 1 ;; esac
}
first_syncs "Swift: first sync of $FILES files" objsh_sw rclone_sw swift_sw
hashes_nothing env /bench-o
part "Swift: unchanged re-sync" unchanged objsh_sw rclone_sw swift_sw
part "Swift: 1% changed" change_one_percent objsh_sw rclone_sw swift_sw
# Peak RSS must not grow with the files: a first sync of a tenth of the tree (same mix).
make_tree "$WORK/tenth" $((FILES / 10)) $((TOTAL_MB / 10))
tenth_kb=$(peak_kb "$OBJSH" -q --cluster env -c "sync --segment-size ${SEGMENT_MB}M file:$WORK/tenth /bench-o10")
echo "   objsh peak RSS, first sync of $((FILES / 10)) files: $tenth_kb kB (beside $FILES above)"
[ "${ONLY:-}" = swift ] && exit 0
first_syncs "S3 (s3api): first sync of $FILES files" objsh_s3 aws_s3 rclone_s3
hashes_nothing aws /bench-os
part "S3 (s3api): unchanged re-sync" unchanged objsh_s3 aws_s3 rclone_s3
part "S3 (s3api): 1% changed" change_one_percent objsh_s3 aws_s3 rclone_s3
