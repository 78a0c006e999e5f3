#!/usr/bin/env bash
# Key-to-screen latency of TAB through a pty (see tab-latency.py): builds objsh
# (release unless CONFIGURATION=debug), then measures. Usage: bench/tab-latency.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
CONFIGURATION=${CONFIGURATION:-release}
"$(swift_toolchain)" build $(build_flags "$CONFIGURATION") --product objsh >/dev/null
exec python3 bench/tab-latency.py ".build/$CONFIGURATION/objsh" "${1:-100}"
