#!/usr/bin/env bash
# Prints the directory of a Node.js of the given line (e.g. 24), installed from the npm registry's
# node-linux-<arch> package (the official build, headers included) into a cache under $TMPDIR.
# Nothing is downloaded from anywhere but the registry npm is set up with. CI uses it to run the
# suite on a second Node and the package test on others:
#   dir=$(scripts/node-from-npm.sh 24); PATH="$dir/bin:$PATH" npm_config_nodedir="$dir" npm test
set -euo pipefail
line="${1:?usage: node-from-npm.sh MAJOR}"
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-from-npm.sh: no node-linux package for $(uname -m)" >&2; exit 1 ;;
esac
cache="${TMPDIR:-/tmp}/formctl-node-$line-$arch"
dir="$cache/node_modules/node-linux-$arch"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  npm install --silent --no-save --no-audit --no-fund --no-package-lock --prefix "$cache" "node-linux-$arch@$line" >&2
fi
"$dir/bin/node" --version >&2
echo "$dir"
