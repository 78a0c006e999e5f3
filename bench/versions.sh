#!/usr/bin/env bash
# bench/versions.sh [DIR]
#
# Issue 28's version figure: `ls --versions` of one object with 1,000 versions, against
# one swift-server (stock max_file_size, workers = auto) started here under DIR
# (default a new temporary folder) and stopped at the end.
#   Swift  objsh ls --versions (env cluster) beside python-swiftclient's
#          swift list --versions --prefix (both list the container's ?versions pages)
#   S3     (s3api on the same server; ONLY=swift skips it) objsh ls --versions (aws
#          cluster) beside the AWS CLI's aws s3api list-object-versions --prefix
# Seeding (untimed): versioning on for bench-ver (Swift's X-Versions-Enabled) and
# bench-ver-s3 (PutBucketVersioning), then 1,000 PUTs of obj.txt into each (Swift: curl,
# one at a time; S3: boto3) and one of obj.txt2, whose versions a
# listing by prefix also gets and objsh leaves out. Each tool is checked once to list
# 1,000 versions of obj.txt, and its requests counted: objsh's --debug lines, swift's
# --debug `REQ:` lines, the AWS CLI's --debug "Making request" lines (sign-ins included).
# Then RUNS rounds (default 5), each running every tool once (bench/lib.sh): min and
# median wall seconds, each median's ratio to objsh's, and the load average.
# Set the ports first (OBJSH_SWIFT_*_PORT); OBJSH=PATH takes a release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
. bench/lib.sh
RUNS=${RUNS:-5}
COUNT=1000
SWIFT=$(swift_toolchain)
bench_swift_server "${1:-}"
release_objsh
export ST_AUTH=$OBJSH_TEST_SWIFT_AUTH ST_USER=$OBJSH_TEST_SWIFT_USER ST_KEY=$OBJSH_TEST_SWIFT_KEY
export AWS_ACCESS_KEY_ID=$OBJSH_TEST_S3_ACCESS_KEY AWS_SECRET_ACCESS_KEY=$OBJSH_TEST_S3_SECRET_KEY
export AWS_ENDPOINT_URL=$OBJSH_TEST_S3_ENDPOINT AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
unset AWS_CA_BUNDLE AWS_PROFILE
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data
SWIFTCLIENT=(/usr/bin/python3 -m swiftclient.shell)
AWS=(aws --endpoint-url "$AWS_ENDPOINT_URL")
echo "AWS CLI: $(aws --version 2>&1 | cut -d' ' -f1); $("${SWIFTCLIENT[@]}" --version 2>&1 | head -n 1)"
swift_login "$ST_AUTH" "$ST_USER" "$ST_KEY"

put_versions() { # url curl-options...: COUNT PUTs of obj.txt, one of obj.txt2
  # One at a time, retried: the 1,000 versions are then stored in the order of the count.
  local url=$1 i; shift
  for i in $(seq "$COUNT"); do
    curl -sf --retry 3 --retry-all-errors -X PUT "$@" --data-binary "version $i" "$url/obj.txt" -o /dev/null
  done
  curl -sf -X PUT "$@" --data-binary 'neighbour' "$url/obj.txt2" -o /dev/null
}
curl -sf -X PUT -H "X-Auth-Token: $TOKEN" -H 'X-Versions-Enabled: true' "$URL/bench-ver" -o /dev/null
put_versions "$URL/bench-ver" -H "X-Auth-Token: $TOKEN"
if [ "${ONLY:-}" != swift ]; then
  "${AWS[@]}" s3api create-bucket --bucket bench-ver-s3 >/dev/null
  "${AWS[@]}" s3api put-bucket-versioning --bucket bench-ver-s3 --versioning-configuration Status=Enabled
  # boto3, one process: curl's --aws-sigv4 cannot take s3api's access key, which holds
  # a colon (test:tester), and a CLI process per PUT would take most of an hour.
  /usr/bin/python3 - "$AWS_ENDPOINT_URL" "$COUNT" <<'PY'
import sys, boto3
s3 = boto3.client("s3", endpoint_url=sys.argv[1], region_name="us-east-1")
for i in range(1, int(sys.argv[2]) + 1):
    s3.put_object(Bucket="bench-ver-s3", Key="obj.txt", Body=b"version %d" % i)
s3.put_object(Bucket="bench-ver-s3", Key="obj.txt2", Body=b"neighbour")
PY
fi

ls_objsh() { "$OBJSH" -q --cluster env -c 'ls --versions /bench-ver/obj.txt' "$@"; }
ls_swift() { "${SWIFTCLIENT[@]}" "$@" list --versions --prefix obj.txt bench-ver; }
ls_objsh_s3() { "$OBJSH" -q --cluster aws -c 'ls --versions /bench-ver-s3/obj.txt' "$@"; }
ls_aws() { "${AWS[@]}" s3api list-object-versions --bucket bench-ver-s3 --prefix obj.txt --output text "$@"; }
versions_listed() { # tool: how many versions of obj.txt it printed
  case $1 in
    # A page without obj.txt (the last: obj.txt2's) prints None in text output.
    ls_aws) ls_aws --query 'Versions[?Key==`obj.txt`].VersionId' | tr '\t' '\n' | grep -v '^None$' | grep -c . ;;
    ls_swift) ls_swift | grep -c 'obj\.txt$' ;;
    *) "$1" | grep -c '  obj\.txt$' ;;
  esac
}
requests() { # tool: its HTTP requests, sign-in included
  case $1 in
    ls_swift) ls_swift --debug 2>&1 >/dev/null | grep -c 'REQ: curl' ;;
    ls_aws) ls_aws --debug 2>&1 >/dev/null | grep -c 'Making request for OperationModel' ;;
    *) "$1" --debug 2>&1 >/dev/null | grep -c '^debug: ' ;;
  esac
}
nothing() { :; }
part() { # title tool...: each checked and its requests counted once, then RUNS rounds
  local title=$1 tool got; shift
  echo "== $title ($RUNS rounds; $(load_avg))"
  for tool in "$@"; do
    got=$(versions_listed "$tool")
    [ "$got" = "$COUNT" ] || { echo "bench: $tool listed $got versions of obj.txt, not $COUNT" >&2; exit 1; }
    echo "  $tool: $(requests "$tool") requests"
  done
  rounds nothing "$@" | report
  echo "   after: $(load_avg)"
}
part "Swift: ls --versions of an object with $COUNT versions" ls_objsh ls_swift
[ "${ONLY:-}" = swift ] && exit 0
part "S3 (s3api): ls --versions of an object with $COUNT versions" ls_objsh_s3 ls_aws
