# Shared by the project's scripts: find the Swift toolchain and install what is missing.

# Debian's python3-swiftclient installs /usr/bin/swift, which hides the Swift
# toolchain when /usr/bin comes first on PATH; prefer the toolchain's own path.
swift_toolchain() {
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo /opt/swift/usr/bin/swift
  elif command -v swift >/dev/null 2>&1 && swift build --version >/dev/null 2>&1; then
    command -v swift
  else
    echo "objsh: no Swift toolchain found (expected /opt/swift/usr/bin/swift)" >&2
    return 1
  fi
}

# build_flags CONFIGURATION: the `swift build` flags of that configuration. A release
# build, the one scripts/install ships and bench/ times, links the Swift runtime and
# Foundation into the binary (--static-swift-stdlib): measured here, a process starts in
# 11-14 ms instead of 34-40 ms (no 30 shared libraries to load and relocate), which
# every TAB after `objsh ` pays, and its resident memory is no higher.
build_flags() {
  if [ "$1" = release ]; then echo "-c release --static-swift-stdlib"; else echo "-c $1"; fi
}

# apt_install PKG...: installs the Debian packages that are not installed yet.
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  echo "objsh: installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >/dev/null || { sleep 5; $sudo apt-get update -qq >/dev/null; }
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
