#!/usr/bin/env bash
# Refreshes test/data/realworld and test/data/sdformat from SOURCE, the folder where the data
# sets are collected (SOURCE/realworld, SOURCE/sdformat). The copies in test/data are what the
# tests read. test/data/realworld/LICENSES is kept (the license texts are not part of SOURCE).
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:?usage: scripts/sync-test-data.sh SOURCE}
for set in realworld sdformat; do
  [ -d "$src/$set" ] || { echo "sync-test-data: $src/$set not found" >&2; exit 3; }
done
for set in realworld sdformat; do
  # Everything but our README and LICENSES goes, then the steering copy comes in beside them.
  find "test/data/$set" -mindepth 1 -maxdepth 1 ! -name README.md ! -name LICENSES -exec rm -rf {} +
  (cd "$src/$set" && find . -mindepth 1 -maxdepth 1 ! -name README.md -exec cp -a {} "$OLDPWD/test/data/$set/" \;)
done
chmod -R u+w test/data/realworld test/data/sdformat
echo "test/data refreshed from $src (README.md files kept; review git diff)"
