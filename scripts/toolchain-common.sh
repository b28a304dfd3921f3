# Sourced by scripts/vscode-toolchain.sh and scripts/windows-toolchain.sh: the shared
# cache folder, one install at a time per cache folder, and `clean_npm`.
#
# CACHE: $CURSOR_AGENT_TOOLCHAIN, else ~/.cache/cursor-agent-vscode-toolchain (outside
# the repository, kept between runs).
CACHE="${CURSOR_AGENT_TOOLCHAIN:-${XDG_CACHE_HOME:-$HOME/.cache}/cursor-agent-vscode-toolchain}"
mkdir -p "$CACHE"
# One install at a time per cache folder (parallel test runs share it).
exec 9>"$CACHE/.lock"
flock 9

# When a toolchain script runs under `npm test` / `npm run bench`, the outer npm has
# exported variables that describe *its own* run: which node it runs on
# (npm_config_user_agent, npm_node_execpath, NODE), its package (npm_package_*), its
# lifecycle (npm_lifecycle_*), where its project is (npm_config_local_prefix, INIT_CWD).
# An inner `npm install` would read them as its own: code-server's postinstall takes the
# Node version from npm_config_user_agent (so it saw Node 20 although Node 24 is first on
# PATH), and npm_config_local_prefix points the install at this repository. Every install
# goes through clean_npm, which drops them; configuration a user set on purpose
# (registry, proxy, cache, cafile, userconfig) stays.
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
