#!/usr/bin/env bash
# bench/rgw.sh [DIR]
#
# 100,000 objects on one Ceph RGW (scripts/rgw-server, DIR default
# /tmp/objsh-rgw-OBJSH_RGW_PORT; started if it is not running, and then stopped at
# the end, cleanly, so a later run starts it again with its data), through each of
# its APIs, release build, every command's output checked once before it is timed:
#   ls  Swift  objsh ls on the env cluster vs python-swiftclient's `swift list`
#       S3     objsh ls on the aws cluster vs `aws s3 ls --recursive` and
#              `aws s3api list-objects-v2` (every page; its own paging)
#   du  Swift  objsh du of the container (the server's totals) vs `swift stat
#              CONTAINER` and `rclone size` (a swift remote)
#       S3     objsh du of the bucket (S3 keeps no totals: a listing) vs `rclone size`
#              (an s3 remote) and `aws s3 ls --recursive --summarize`
# The container big-flat (o000000.txt ..., no folders) is seeded once through RGW's
# Swift API with scripts/swift-seed (bulk extract, two archives at once; it prints
# the time it took) and reused. RUNS rounds (default 3), each running every tool of
# a part once (bench/lib.sh); min, median, ratios of medians to objsh's, load average.
# The AWS CLI is whichever `aws` is first on PATH (named in the output).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
DIR=${1:-/tmp/objsh-rgw-${OBJSH_RGW_PORT:-7480}}
RUNS=${RUNS:-3}
SWIFT=$(swift_toolchain)

command -v aws >/dev/null || apt_install awscli
/usr/bin/python3 -c 'import swiftclient' 2>/dev/null || apt_install python3-swiftclient
STARTED=""
if ! scripts/rgw-server status "$DIR" >/dev/null 2>&1; then scripts/rgw-server start "$DIR"; STARTED=1; fi
WORK=$(mktemp -d /tmp/objsh-bench-rgw-XXXXXX)
cleanup() { rm -rf "$WORK"; if [ -n "$STARTED" ]; then scripts/rgw-server stop "$DIR" || true; fi; }
trap cleanup EXIT
# shellcheck disable=SC1091
. "$DIR/env"
export OBJSH_TEST_SWIFT_AUTH=$OBJSH_TEST_RGW_SWIFT_AUTH OBJSH_TEST_SWIFT_USER=$OBJSH_TEST_RGW_SWIFT_USER
export OBJSH_TEST_SWIFT_KEY=$OBJSH_TEST_RGW_SWIFT_KEY
SEED_LAYOUT=flat scripts/swift-seed /nonexistent big-flat 100000
release_objsh

# objsh reads ST_* as its env cluster and AWS_* as its aws cluster; the clients read them too.
export ST_AUTH=$OBJSH_TEST_RGW_SWIFT_AUTH ST_USER=$OBJSH_TEST_RGW_SWIFT_USER ST_KEY=$OBJSH_TEST_RGW_SWIFT_KEY
export AWS_ACCESS_KEY_ID=$OBJSH_TEST_RGW_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_RGW_SECRET_KEY
export AWS_ENDPOINT_URL=$OBJSH_TEST_RGW_ENDPOINT AWS_REGION=$OBJSH_TEST_RGW_REGION AWS_DEFAULT_REGION=$OBJSH_TEST_RGW_REGION
unset AWS_CA_BUNDLE AWS_PROFILE   # plain HTTP; some clients stumble on a CA bundle
export RCLONE_CONFIG_SW_TYPE=swift RCLONE_CONFIG_SW_AUTH=$ST_AUTH RCLONE_CONFIG_SW_USER=$ST_USER RCLONE_CONFIG_SW_KEY=$ST_KEY
export RCLONE_CONFIG_SW_AUTH_VERSION=1   # RGW's /auth/1.0 does not say it
export RCLONE_CONFIG_S3_TYPE=s3 RCLONE_CONFIG_S3_PROVIDER=Ceph RCLONE_CONFIG_S3_ENDPOINT=$AWS_ENDPOINT_URL
export RCLONE_CONFIG_S3_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID RCLONE_CONFIG_S3_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
export RCLONE_CONFIG=$WORK/rclone.conf   # empty: the remotes above only
: > "$RCLONE_CONFIG"
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state   # no user config in the way
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
# Give the endpoint on the command line: older AWS CLIs predate AWS_ENDPOINT_URL.
AWS=(aws --endpoint-url "$AWS_ENDPOINT_URL")

objsh_swift() { "$OBJSH" -q --cluster env -c 'cd big-flat; ls'; }
swift_list() { "${SWIFTCLIENT[@]}" list big-flat; }
objsh_s3() { "$OBJSH" -q --cluster aws -c 'cd big-flat; ls'; }
aws_ls() { "${AWS[@]}" s3 ls --recursive s3://big-flat/; }
aws_api() { "${AWS[@]}" s3api list-objects-v2 --bucket big-flat --query 'Contents[].Key' --output text | tr '\t' '\n'; }
for tool in objsh_swift swift_list objsh_s3 aws_ls aws_api; do expect_lines 100000 "$tool"; done
echo "RGW: $(radosgw --version | head -n 1)"
echo "AWS CLI: $(command -v aws), $(aws --version 2>&1 | cut -d' ' -f1,2); rclone: $(rclone version | head -n 1); $(/usr/bin/python3 -m swiftclient.shell --version 2>&1 | head -n 1)"
nothing() { :; }
echo "== ls of 100,000 objects through RGW's Swift API ($RUNS rounds; $(load_avg))"
rounds nothing objsh_swift swift_list | report
echo "== ls of 100,000 objects through RGW's S3 API ($RUNS rounds; $(load_avg))"
rounds nothing objsh_s3 aws_ls aws_api | report
echo "   after: $(load_avg)"

du_swift() { "$OBJSH" -q --cluster env -c 'du /big-flat'; }
stat_swift() { "${SWIFTCLIENT[@]}" stat big-flat; }
size_swift() { rclone size sw:big-flat; }
du_s3() { "$OBJSH" -q --cluster aws -c 'du /big-flat'; }
size_s3() { rclone size s3:big-flat; }
aws_summarize() { "${AWS[@]}" s3 ls --recursive --summarize s3://big-flat/ | tail -n 2; }
says_count() { # tool pattern: the tool's output tells the count of 100,000 objects
  "$1" > "$WORK/out" 2>&1 || { echo "bench: $1 failed: $(head -c 400 "$WORK/out")" >&2; exit 1; }
  grep -Eq "$2" "$WORK/out" || { echo "bench: $1 did not say 100,000 objects: $(head -c 400 "$WORK/out")" >&2; exit 1; }
  echo "  $1: $(tr -s ' \n' ' ' < "$WORK/out" | head -c 160)"
}
says_count du_swift '\b100000\b'; says_count stat_swift 'Objects: 100000'; says_count size_swift '100000'
says_count du_s3 '\b100000\b'; says_count size_s3 '100000'; says_count aws_summarize 'Total Objects: 100000'
echo "== du of the 100,000-object container through RGW's Swift API ($RUNS rounds; $(load_avg))"
rounds nothing du_swift stat_swift size_swift | report
echo "== du of the 100,000-object bucket through RGW's S3 API ($RUNS rounds; $(load_avg))"
rounds nothing du_s3 size_s3 aws_summarize | report
echo "   after: $(load_avg)"
