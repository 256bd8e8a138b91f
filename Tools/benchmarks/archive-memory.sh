#!/usr/bin/env bash
# Peak RSS of `quill export` and `quill import` as the number of notes grows (issue 3: "under
# 64 MiB whatever the corpus size"): release build, whole processes, /usr/bin/time -v.
# Writes the "Archive memory" section of docs/performance.md.
#
# Usage: Tools/benchmarks/archive-memory.sh [--skip-build]
#   SIZES="10000 100000 300000"   note counts to measure (1-4 KiB Markdown bodies each)
# Everything happens in a fresh directory under /tmp, removed at the end (a 300,000-note run
# writes about 2.5 GB and removes ~900,000 files: the disk may be slow for a while after).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
sizes="${SIZES:-10000 100000 300000}"

if [ "${1:-}" != "--skip-build" ]; then swift build -c release --product quill >&2; fi
quill="$(swift build -c release --show-bin-path)/quill"

work="$(mktemp -d /tmp/quill-archive-memory.XXXXXX)"
trap 'rm -rf "$work"' EXIT

peak_mib() { awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$1"; }
seconds() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$1"; }

rows=""
for notes in $sizes; do
  echo "== $notes notes" >&2
  run="$work/$notes"
  mkdir -p "$run"
  python3 "$repo/Tools/benchmarks/archive_corpus.py" "$run/home" "$notes"
  QUILL_HOME="$run/home" "$quill" list --limit 1 > /dev/null   # builds the index once
  sync
  QUILL_HOME="$run/home" /usr/bin/time -v -o "$run/export.txt" "$quill" export --output "$run/notes.tar.gz" --quiet
  sync
  QUILL_HOME="$run/imported" /usr/bin/time -v -o "$run/import.txt" "$quill" import "$run/notes.tar.gz" --quiet
  imported="$(QUILL_HOME="$run/imported" "$quill" list | wc -l)"
  [ "$imported" -eq "$notes" ] || { echo "imported $imported notes, expected $notes" >&2; exit 1; }
  rows+="| $notes | $(awk -v b="$(stat -c %s "$run/notes.tar.gz")" 'BEGIN { printf "%.0f", b / 1e6 }') MB | $(peak_mib "$run/export.txt") MiB ($(seconds "$run/export.txt") s) | $(peak_mib "$run/import.txt") MiB ($(seconds "$run/import.txt") s) |"$'\n'
  rm -rf "$run"
done

section="$work/section.md"
{
  echo "Measured $(date -u +%Y-%m-%d) on this machine ($(nproc) cores) by \`Tools/benchmarks/archive-memory.sh\` (release build, whole processes, parallel export)."
  echo
  echo "| notes | archive | peak RSS: \`quill export\` | peak RSS: \`quill import\` into an empty store |"
  echo "|---|---|---|---|"
  printf "%s" "$rows"
} > "$section"
cat "$section" >&2

python3 "$repo/Tools/benchmarks/performance_section.py" archive-memory "Archive memory (\`Tools/benchmarks/archive-memory.sh\`)" "$section"
