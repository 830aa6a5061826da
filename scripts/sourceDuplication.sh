#!/usr/bin/env bash
# Source duplication, measured the same way each time: the `duplicates` command (the team's tool
# library) over the product's and tooling's source (apps, packages, bench, scripts, migrations;
# TypeScript, CSS and HTML), with tests, test support (packages/testkit, */testing/, e2e) and
# translation tables left out, because test set-up repeats on purpose and a translation repeats the
# shape of its neighbour. Prints the pairs, the lines read and pairs per 1,000 lines.
#
#   bash scripts/sourceDuplication.sh                 # the whole source
#   bash scripts/sourceDuplication.sh apps/web 40     # one folder, with up to 40 rows listed
set -euo pipefail
cd "$(dirname "$0")/.."
scope="${1:-.}"
rows="${2:-0}"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT

git ls-files -co --exclude-standard -- "$scope" \
  | grep -E '\.(ts|tsx|css|html)$' \
  | grep -Ev '\.test\.tsx?$|(^|/)(testing|e2e|i18n|testkit)/' \
  | while read -r file; do [ -f "$file" ] && echo "$file"; done >"$copy.list"
tar cf - -T "$copy.list" | tar xf - -C "$copy"
lines=$(xargs cat <"$copy.list" | wc -l)
rm -f "$copy.list"

report=$(duplicates --repo "$copy" --seconds 120 --most "$((rows > 0 ? rows : 1))")
pairs=$(head -1 <<<"$report" | grep -oE '^[0-9]+' || echo 0)
echo "$pairs pairs in $lines lines: $(awk -v p="$pairs" -v l="$lines" 'BEGIN { printf "%.2f", p * 1000 / l }') pairs per 1,000 lines (${scope})"
if [ "$rows" -gt 0 ]; then sed -n '2,$p' <<<"$report"; fi
