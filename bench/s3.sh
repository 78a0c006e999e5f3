#!/usr/bin/env bash
# bench/s3.sh [DIR]
#
# The issue's S3 figures against one running swift-server (DIR, default
# /tmp/objsh-swift; started if it is not running) through its s3api, release build,
# RUNS runs each (default 3), every command's output checked once before it is timed:
#   1. list the 100,000-object container big-flat (seeded once with scripts/swift-seed,
#      shared with bench/swift-list.sh): objsh ls, aws s3 ls --recursive, boto3's
#      paginator, and rclone lsf when rclone is installed;
#   2. a 1 GiB file up (multipart) and down: objsh upload/get vs aws s3 cp, each
#      download checked against the source's MD5. Both tools download the same
#      object: the one objsh uploaded (objsh's default part size, which objsh can
#      verify) and the one the AWS CLI uploaded (8 MiB parts; its part size is not
#      recorded, so objsh says it cannot verify it). s3api serves the 128-part object
#      more slowly, so comparing each tool on its own upload would flatter whichever
#      made bigger parts;
#   3. start-up to the first pane: objsh -c ls on the S3 cluster vs aws s3 ls.
# The AWS CLI and boto3 come from Debian (awscli, python3-boto3) if missing.
# ONLY=transfer runs part 2 alone (no 100,000-object seeding); there objsh get is
# timed with its ranges several at once and with --parallel 1 (one stream), and the
# peak RSS of each 1 GiB objsh get is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
DIR=${1:-/tmp/objsh-swift}
RUNS=${RUNS:-3}
SWIFT=$(swift_toolchain)

command -v aws >/dev/null || apt_install awscli
/usr/bin/python3 -c 'import boto3' 2>/dev/null || apt_install python3-boto3
# Swift's stock object size limit: the AWS CLI's and objsh's parts must fit (the
# tests' server lowers it to 8 MiB; restart such a server with this set).
scripts/swift-server status "$DIR" >/dev/null 2>&1 || OBJSH_SWIFT_MAX_FILE_SIZE=5368709122 scripts/swift-server start "$DIR"
# shellcheck disable=SC1091
. "$DIR/env"
[ "${ONLY:-}" = transfer ] || SEED_LAYOUT=flat scripts/swift-seed "$DIR" big-flat 100000
if [ -z "${OBJSH:-}" ]; then
  "$SWIFT" build $(build_flags release) --product objsh >/dev/null
  OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh
fi

# The AWS CLI and boto3 read these; objsh reads them as its aws cluster.
export AWS_ACCESS_KEY_ID=$OBJSH_TEST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_S3_SECRET_KEY
export AWS_ENDPOINT_URL=$OBJSH_TEST_S3_ENDPOINT AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
unset AWS_CA_BUNDLE AWS_PROFILE   # plain HTTP; some clients stumble on a CA bundle
export RCLONE_CONFIG_BENCH_TYPE=s3 RCLONE_CONFIG_BENCH_PROVIDER=Other RCLONE_CONFIG_BENCH_ENDPOINT=$AWS_ENDPOINT_URL
export RCLONE_CONFIG_BENCH_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY=$AWS_SECRET_ACCESS_KEY
WORK=$(mktemp -d /tmp/objsh-bench-s3-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state   # no user config in the way

. bench/lib.sh

objsh_ls() { "$OBJSH" -q --cluster aws -c 'cd big-flat; ls'; }
aws_ls() { aws s3 ls --recursive s3://big-flat/; }
boto3_ls() {
  # Debian's boto3 predates AWS_ENDPOINT_URL: give it the endpoint and path-style addressing.
  /usr/bin/python3 -c "import boto3, botocore.config, os
s3 = boto3.client('s3', endpoint_url=os.environ['AWS_ENDPOINT_URL'], config=botocore.config.Config(s3={'addressing_style': 'path'}))
for page in s3.get_paginator('list_objects_v2').paginate(Bucket='big-flat'):
    for item in page.get('Contents', []): print(item['Key'])"
}
rclone_ls() { rclone lsf --files-only bench:big-flat; }
tools=(objsh_ls aws_ls boto3_ls)
command -v rclone >/dev/null && tools+=(rclone_ls)
if [ "${ONLY:-}" != transfer ]; then
  for tool in "${tools[@]}"; do expect_lines 100000 "$tool"; done
  echo "== list 100,000 objects through s3api ($RUNS runs each; ratios to objsh)"
  for tool in "${tools[@]}"; do measure "${tool%_ls}" "$tool"; done | report
fi

head -c $((1 << 30)) /dev/urandom > "$WORK/1g.bin"
SOURCE_MD5=$(md5sum < "$WORK/1g.bin" | cut -d' ' -f1)
aws s3 mb s3://bench-s3-transfer >/dev/null 2>&1 || true
up_objsh() { "$OBJSH" -q --cluster aws -c "cd /bench-s3-transfer; upload $WORK/1g.bin objsh.bin"; }
up_aws() { aws s3 cp --quiet "$WORK/1g.bin" s3://bench-s3-transfer/aws.bin; }
down_objsh() { rm -f "$WORK/down.bin"; "$OBJSH" -q --cluster aws -c "lcd $WORK; get /bench-s3-transfer/objsh.bin down.bin"; }
down_objsh_one() { rm -f "$WORK/down.bin"; "$OBJSH" -q --cluster aws -c "lcd $WORK; get --parallel 1 /bench-s3-transfer/objsh.bin down.bin"; }
down_aws() { rm -f "$WORK/down.bin"; aws s3 cp --quiet s3://bench-s3-transfer/objsh.bin "$WORK/down.bin"; }
down_objsh_of_aws() { rm -f "$WORK/down.bin"; "$OBJSH" -q --cluster aws -c "lcd $WORK; get /bench-s3-transfer/aws.bin down.bin"; }
down_aws_of_aws() { rm -f "$WORK/down.bin"; aws s3 cp --quiet s3://bench-s3-transfer/aws.bin "$WORK/down.bin"; }
# The floor for a download from this server: one plain GET by curl of a URL boto3
# presigns (curl's own --aws-sigv4 cannot take s3api's `test:tester` access key).
presigned() {
  /usr/bin/python3 -c "import boto3, botocore.config, os, sys
s3 = boto3.client('s3', endpoint_url=os.environ['AWS_ENDPOINT_URL'], config=botocore.config.Config(s3={'addressing_style': 'path'}, signature_version='s3v4'))
print(s3.generate_presigned_url('get_object', Params={'Bucket': sys.argv[1], 'Key': sys.argv[2]}, ExpiresIn=3600))" "$@"
}
down_curl() { rm -f "$WORK/down.bin"; curl -sf -o "$WORK/down.bin" "$CURL_URL"; }
# The floor for ranges at once: 4 curls of 8 MiB ranges (as objsh asks), each range
# written into a file of its own, nothing checked.
down_curl_ranges() {
  rm -rf "$WORK/ranges"; mkdir "$WORK/ranges"
  local offset=0 piece=$((8 << 20)) size
  size=$(stat -c %s "$WORK/1g.bin")
  while [ "$offset" -lt "$size" ]; do
    if [ "$(jobs -rp | wc -l)" -ge 4 ]; then wait -n; fi
    curl -sf -r "$offset-$((offset + piece - 1))" -o "$WORK/ranges/$(printf %012d "$offset")" "$CURL_URL" &
    offset=$((offset + piece))
  done
  wait
}
down_curl_ranges_joined() { down_curl_ranges && cat "$WORK"/ranges/* > "$WORK/down.bin"; }
check_down() { "$1" && [ "$(md5sum < "$WORK/down.bin" | cut -d' ' -f1)" = "$SOURCE_MD5" ] || { echo "bench: $1 is not byte-exact" >&2; exit 1; }; }
up_objsh; up_aws; CURL_URL=$(presigned bench-s3-transfer objsh.bin)
check_down down_curl; check_down down_curl_ranges_joined; check_down down_objsh; check_down down_objsh_one; check_down down_aws
check_down down_objsh_of_aws; check_down down_aws_of_aws
echo "== 1 GiB up (multipart) and down ($RUNS runs each; ratios to objsh)"
{ measure objsh-upload up_objsh; measure aws-cp-up up_aws; } | report
echo "-- down: the object objsh uploaded (its default parts)"
{ measure objsh-get down_objsh; measure aws-cp-down down_aws; measure curl-get down_curl; measure curl-4-ranges down_curl_ranges; measure objsh-get-one down_objsh_one; } | report
echo "-- down: the object the AWS CLI uploaded (8 MiB parts)"
{ measure objsh-get down_objsh_of_aws; measure aws-cp-down down_aws_of_aws; } | report
get_rss() { peak_kb "$OBJSH" -q --cluster aws -c "lcd $WORK; get -f $* /bench-s3-transfer/objsh.bin down.bin"; }
echo "  objsh get peak RSS: $(( $(get_rss) / 1024 )) MB; with --parallel 1: $(( $(get_rss --parallel 1) / 1024 )) MB"
if [ "${ONLY:-}" = transfer ]; then
  "$OBJSH" -q --cluster aws -c 'rm -r /bench-s3-transfer' >/dev/null
  exit 0
fi

first_objsh() { "$OBJSH" -q --cluster aws -c 'ls'; }
first_aws() { aws s3 ls; }
echo "== start-up to the first listing of the buckets ($RUNS runs each; ratios to objsh)"
{ measure objsh-ls-root first_objsh; measure aws-s3-ls first_aws; } | report
"$OBJSH" -q --cluster aws -c 'rm -r /bench-s3-transfer' >/dev/null
