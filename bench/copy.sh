#!/usr/bin/env bash
# bench/copy.sh [DIR]
#
# Issue 26's copy figures within one cluster, against one swift-server (stock
# max_file_size, workers = auto) started here under DIR (default a new temporary
# folder) and stopped at the end: cp -r and mv -r of a container of 2,000 small
# objects (bench-src, seeded by scripts/swift-seed: f000/o000000.txt ... in two
# folders) to a new container (bench-dst), every copy made on the server:
#   Swift  objsh cp -r / mv -r (env cluster) beside rclone copy / move (a swift remote;
#          rclone copies within a remote on the server) and python-swiftclient's
#          swift copy -d /bench-dst bench-src NAME... (all 2,000 names, its threads),
#          and the floor: the same 2,000 COPYs from one curl, 8 at once on kept-alive
#          connections, nothing checked (what the server itself takes); a move's floor
#          is those COPYs, then bulk deletes of the sources (100 names each, 8 at once)
#   S3     (s3api on the same server; ONLY=swift skips it) objsh cp -r / mv -r (aws
#          cluster) beside rclone copy / move (an s3 remote, CopyObject) and the AWS
#          CLI's aws s3 cp / mv --recursive (CopyObject too)
# Before every run (untimed) bench-dst is deleted and bench-src seeded again if it
# holds fewer than 2,000 objects; after one run of each tool, untimed, bench-dst must
# hold 2,000 objects (and after a move bench-src none).
# RUNS rounds (default 5), each running every tool once (bench/lib.sh); prints min
# and median wall seconds, the ratio of each median to objsh's, and the load average.
# Set the ports first (OBJSH_SWIFT_*_PORT); OBJSH=PATH takes a release binary; OBJSH_BEFORE=PATH
# adds another build (an older objsh) to every objsh row, timed in the same rounds; ONLY=swift-cp
# runs the first part only (as do swift-mv, s3-cp and s3-mv theirs), ONLY=swift the Swift
# parts, ONLY=s3 the S3 parts.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-5}
SWIFT=$(swift_toolchain)
bench_swift_server "${1:-}"
release_objsh
bench_peers_env
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
AWS=(aws --endpoint-url "$AWS_ENDPOINT_URL")
echo "rclone: $(rclone version | head -n 1); AWS CLI: $(command -v aws), $(aws --version 2>&1 | cut -d' ' -f1); $(/usr/bin/python3 -m swiftclient.shell --version 2>&1 | head -n 1)"
swift_login "$ST_AUTH" "$ST_USER" "$ST_KEY"
COUNT=2000

count_of() { # container: its object count, 0 when it is not there
  curl -s -I -H "X-Auth-Token: $TOKEN" "$URL/$1" | tr -d '\r' | sed -n 's/^[Xx]-[Cc]ontainer-[Oo]bject-[Cc]ount: //p' | grep . || echo 0
}
prepare() { # (untimed, before every run) no bench-dst, a full bench-src
  "$OBJSH" -q --cluster env -c 'rm -r /bench-dst' >/dev/null 2>&1 || true
  [ "$(count_of bench-dst)" = 0 ] || { echo "bench: bench-dst is still there" >&2; exit 1; }
  [ "$(count_of bench-src)" = "$COUNT" ] || scripts/swift-seed "$DIR" bench-src "$COUNT" 2>/dev/null
}
prepare_swift_copy() { prepare; curl -sf -X PUT -H "X-Auth-Token: $TOKEN" "$URL/bench-dst" -o /dev/null; }
# aws s3 cp/mv make no bucket either: theirs is made untimed the same way (a container is a bucket)
prepare_for() { case $1 in cp_swift | cp_curl_floor | mv_curl_floor | cp_aws_s3 | mv_aws_s3) prepare_swift_copy ;; *) prepare ;; esac; }
prepare
"${SWIFTCLIENT[@]}" list bench-src > "$WORK/names"
mapfile -t NAMES < "$WORK/names"
for name in "${NAMES[@]}"; do # one curl config block a COPY (the names are plain ASCII)
  printf 'url = "%s/bench-src/%s"\nrequest = "COPY"\nheader = "Destination: /bench-dst/%s"\n' "$URL" "$name" "$name"
  printf 'header = "X-Auth-Token: %s"\noutput = "/dev/null"\nnext\n' "$TOKEN"
done | sed '$d' > "$WORK/copy.curl" # no `next` after the last: curl takes one for an empty request and fails
# The move's floor deletes the sources as objsh does: bulk deletes of 100 names, 8 at once.
printf '/bench-src/%s\n' "${NAMES[@]}" | split -l 100 - "$WORK/delete-"
for batch in "$WORK"/delete-*; do
  printf 'url = "%s?bulk-delete"\nrequest = "POST"\nheader = "Content-Type: text/plain"\n' "$URL"
  printf 'header = "X-Auth-Token: %s"\ndata-binary = "@%s"\noutput = "/dev/null"\nnext\n' "$TOKEN" "$batch"
done | sed '$d' > "$WORK/delete.curl"

cp_objsh() { "$OBJSH" -q --cluster env -c 'cp -r /bench-src /bench-dst'; }
cp_rclone() { rclone copy sw:bench-src sw:bench-dst; }
# swift copy takes a container and object names; the destination container must exist
# (prepare_swift_copy makes it, untimed).
cp_swift() { "${SWIFTCLIENT[@]}" copy -d /bench-dst bench-src "${NAMES[@]}"; }
cp_curl_floor() { curl -sf --parallel --parallel-max 8 -K "$WORK/copy.curl"; }
mv_objsh() { "$OBJSH" -q --cluster env -c 'mv -r -f /bench-src /bench-dst'; }
mv_rclone() { rclone move sw:bench-src sw:bench-dst; }
mv_curl_floor() { cp_curl_floor && curl -sf --parallel --parallel-max 8 -K "$WORK/delete.curl"; }
cp_objsh_s3() { "$OBJSH" -q --cluster aws -c 'cp -r /bench-src /bench-dst'; }
cp_rclone_s3() { rclone copy s3:bench-src s3:bench-dst; }
cp_aws_s3() { "${AWS[@]}" s3 cp --only-show-errors --recursive s3://bench-src s3://bench-dst; }
mv_objsh_s3() { "$OBJSH" -q --cluster aws -c 'mv -r -f /bench-src /bench-dst'; }
mv_rclone_s3() { rclone move s3:bench-src s3:bench-dst; }
mv_aws_s3() { "${AWS[@]}" s3 mv --only-show-errors --recursive s3://bench-src s3://bench-dst; }
check() { # tool: one untimed run; bench-dst holds every object (a move leaves none behind)
  prepare_for "$1"
  "$1" >/dev/null 2>"$WORK/err" || { echo "bench: $1 failed: $(head -c 600 "$WORK/err")" >&2; exit 1; }
  [ "$(count_of bench-dst)" = "$COUNT" ] || { echo "bench: $1 left $(count_of bench-dst) objects in bench-dst" >&2; exit 1; }
  case $1 in mv_*) [ "$(count_of bench-src)" = 0 ] || { echo "bench: $1 left $(count_of bench-src) in bench-src" >&2; exit 1; } ;; esac
}
part() { # title tool...: checked once each, then RUNS rounds
  local title=$1; shift
  for tool in "$@"; do check "$tool"; done
  echo "== $title ($RUNS rounds; $(load_avg))"
  rounds prepare_for "$@" | report
  echo "   after: $(load_avg)"
}
wants() { # part (swift-cp, swift-mv, s3-cp, s3-mv): whether ONLY (unset: every part) asks for it
  case ${ONLY:-} in "") return 0 ;; swift | s3) [[ $1 == "$ONLY"-* ]] ;; *) [ "$1" = "$ONLY" ] ;; esac
}
# The older build's rows: the same commands through OBJSH_BEFORE.
cp_before() { OBJSH=$OBJSH_BEFORE cp_objsh; }
mv_before() { OBJSH=$OBJSH_BEFORE mv_objsh; }
cp_before_s3() { OBJSH=$OBJSH_BEFORE cp_objsh_s3; }
mv_before_s3() { OBJSH=$OBJSH_BEFORE mv_objsh_s3; }
before() { if [ -n "${OBJSH_BEFORE:-}" ]; then echo "$1"; fi; } # the older build's tool, when one is given
if wants swift-cp; then part "Swift: cp -r of $COUNT objects to a new container" cp_objsh $(before cp_before) cp_rclone cp_swift cp_curl_floor; fi
if wants swift-mv; then part "Swift: mv -r of $COUNT objects to a new container" mv_objsh $(before mv_before) mv_rclone mv_curl_floor; fi
if wants s3-cp; then part "S3 (s3api): cp -r of $COUNT objects to a new bucket" cp_objsh_s3 $(before cp_before_s3) cp_rclone_s3 cp_aws_s3; fi
if wants s3-mv; then part "S3 (s3api): mv -r of $COUNT objects to a new bucket" mv_objsh_s3 $(before mv_before_s3) mv_rclone_s3 mv_aws_s3; fi
