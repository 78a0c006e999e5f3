#!/usr/bin/env bash
# bench/rgw.sh [DIR]
#
# Listing 100,000 objects on one Ceph RGW (scripts/rgw-server, DIR default
# /tmp/objsh-rgw, started if it is not running; OBJSH_RGW_PORT and
# OBJSH_RGW_MON_PORT as there), through each of its APIs, release build, RUNS runs
# each (default 3), every command's output checked once before it is timed:
#   Swift  objsh ls on the env cluster vs python-swiftclient's `swift list`
#          (Debian's python3-swiftclient)
#   S3     objsh ls on the aws cluster vs the AWS CLI's `aws s3 ls --recursive`
#          (whichever `aws` is first on PATH, else Debian's awscli; named in the output)
# The container big-flat (o000000.txt ..., no folders) is seeded once through RGW's
# Swift API with scripts/swift-seed (bulk extract, two archives at once) and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
DIR=${1:-/tmp/objsh-rgw}
RUNS=${RUNS:-3}
SWIFT=$(swift_toolchain)

command -v aws >/dev/null || apt_install awscli
/usr/bin/python3 -c 'import swiftclient' 2>/dev/null || apt_install python3-swiftclient
scripts/rgw-server status "$DIR" >/dev/null 2>&1 || scripts/rgw-server start "$DIR"
# shellcheck disable=SC1091
. "$DIR/env"
export OBJSH_TEST_SWIFT_AUTH=$OBJSH_TEST_RGW_SWIFT_AUTH OBJSH_TEST_SWIFT_USER=$OBJSH_TEST_RGW_SWIFT_USER
export OBJSH_TEST_SWIFT_KEY=$OBJSH_TEST_RGW_SWIFT_KEY
SEED_LAYOUT=flat scripts/swift-seed /nonexistent big-flat 100000
if [ -z "${OBJSH:-}" ]; then
  "$SWIFT" build $(build_flags release) --product objsh >/dev/null
  OBJSH=$("$SWIFT" build $(build_flags release) --show-bin-path)/objsh
fi

# objsh reads ST_* as its env cluster and AWS_* as its aws cluster; the clients read them too.
export ST_AUTH=$OBJSH_TEST_RGW_SWIFT_AUTH ST_USER=$OBJSH_TEST_RGW_SWIFT_USER ST_KEY=$OBJSH_TEST_RGW_SWIFT_KEY
export AWS_ACCESS_KEY_ID=$OBJSH_TEST_RGW_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_RGW_SECRET_KEY
export AWS_ENDPOINT_URL=$OBJSH_TEST_RGW_ENDPOINT AWS_REGION=$OBJSH_TEST_RGW_REGION AWS_DEFAULT_REGION=$OBJSH_TEST_RGW_REGION
unset AWS_CA_BUNDLE AWS_PROFILE   # plain HTTP; some clients stumble on a CA bundle
WORK=$(mktemp -d /tmp/objsh-bench-rgw-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state   # no user config in the way
# Debian's python3-swiftclient, as diverted (pyenv's python3 may not have the module).
if [ -x /usr/bin/swiftclient ]; then SWIFTCLIENT=(/usr/bin/swiftclient); else SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell); fi

. bench/lib.sh

objsh_swift() { "$OBJSH" -q --cluster env -c 'cd big-flat; ls'; }
swift_list() { "${SWIFTCLIENT[@]}" list big-flat; }
objsh_s3() { "$OBJSH" -q --cluster aws -c 'cd big-flat; ls'; }
# The AWS CLI 2.9 in Debian predates AWS_ENDPOINT_URL: the endpoint goes on its command line.
aws_ls() { aws --endpoint-url "$AWS_ENDPOINT_URL" s3 ls --recursive s3://big-flat/; }
for tool in objsh_swift swift_list objsh_s3 aws_ls; do expect_lines 100000 "$tool"; done
echo "RGW: $(radosgw --version | head -n 1); AWS CLI: $(command -v aws), $(aws --version 2>&1 | cut -d' ' -f1)"
echo "== list 100,000 objects through RGW's Swift API ($RUNS runs each; ratios to objsh)"
{ measure objsh-ls objsh_swift; measure swift-list swift_list; } | report
echo "== list 100,000 objects through RGW's S3 API ($RUNS runs each; ratios to objsh)"
{ measure objsh-ls objsh_s3; measure aws-s3-ls aws_ls; } | report
