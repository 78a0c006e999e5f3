#!/usr/bin/env bash
# Jobs while browsing against the Swift test server (see jobs.py): echo latency at the
# prompt while a 1 GiB get runs as a job, that get's throughput beside the foreground's,
# and peak RSS with three jobs. Builds objsh (release unless CONFIGURATION=debug).
# Usage: bench/jobs.sh [MiB]   (with /tmp/srv/env's variables set)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
CONFIGURATION=${CONFIGURATION:-release}
"$(swift_toolchain)" build $(build_flags "$CONFIGURATION") --product objsh >/dev/null
exec python3 bench/jobs.py ".build/$CONFIGURATION/objsh" "${1:-1024}"
