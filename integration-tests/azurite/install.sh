#!/usr/bin/env bash
# Installs Azurite, pinned by package-lock.json, into the folder given ($1, under target/), for the
# Azure integration tests. Without npm it installs nothing and those tests are skipped, saying why.
# An install of the same lock is kept.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
into="$1"
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "Azurite: node or npm not found, the Azure integration tests will be skipped"
  exit 0
fi
mkdir -p "$into"
if cmp -s "$here/package-lock.json" "$into/installed-lock.json" \
    && [ -x "$into/node_modules/.bin/azurite-blob" ]; then
  echo "Azurite: already installed in $into"
  exit 0
fi
cp "$here/package.json" "$here/package-lock.json" "$into/"
start=$(date +%s)
(cd "$into" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
cp "$here/package-lock.json" "$into/installed-lock.json"
echo "Azurite: npm ci took $(( $(date +%s) - start )) s"
