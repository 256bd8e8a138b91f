#!/usr/bin/env bash
# Benchmarks `quill export` / `quill import` (issue 3) against tar and gzip on the same notes,
# release build, whole processes, peak RSS from /usr/bin/time -v. Writes the results into the
# "Archive" section of docs/performance.md (with FRESH_FS=1, its own section).
#
# Usage: Tools/benchmarks/archive.sh [--skip-build]
#   NOTES=100000        notes in the generated store (1-4 KiB Markdown bodies)
#   IMPORT_NOTES=$NOTES notes in the store whose archive is imported (a smaller figure keeps
#                       the run short)
#   IMPORT_RUNS=3       runs of `tar -xzf` and `quill import`, interleaved, each into a fresh
#                       directory; the medians are compared (single runs on this disk vary 2x)
#   WORK_PARENT=/tmp    where the run's fresh directory is made (removed at the end); on ext4 a
#                       directory at the top level lands in fresh block groups, where creating
#                       files is several times cheaper than among the inodes of deleted runs
#   FRESH_FS=0          1: each import run (tar's and quill's) extracts into a newly made ext4
#                       file system (an image in the work directory, loop-mounted; needs root),
#                       so that neither pays for where earlier runs left the disk. Made without
#                       a journal, like this machine's root file system.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
notes="${NOTES:-100000}"
import_notes="${IMPORT_NOTES:-$notes}"
import_runs="${IMPORT_RUNS:-3}"

if [ "${1:-}" != "--skip-build" ]; then swift build -c release --product quill >&2; fi
quill="$(swift build -c release --show-bin-path)/quill"

work="$(mktemp -d "${WORK_PARENT:-/tmp}/quill-archive-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work"

# measure LABEL COMMAND...: runs once, appends "LABEL seconds peak-KiB" to results.
measure() {
  local label="$1"; shift
  sync
  /usr/bin/time -v -o time.txt "$@"
  local seconds rss
  seconds="$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' time.txt)"
  rss="$(awk -F': ' '/Maximum resident set size/ { print $2 }' time.txt)"
  echo "$label $seconds $rss" >> results
  echo "$label: ${seconds}s, peak RSS ${rss} KiB" >&2
}
value() { awk -v l="$1" -v f="$2" '$1 == l { print $f }' results; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
size_mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }

echo "generating $notes notes" >&2
python3 "$repo/Tools/benchmarks/archive_corpus.py" home "$notes"
QUILL_HOME="$work/home" "$quill" list --limit 1 > /dev/null   # builds the index once

export QUILL_HOME="$work/home"
measure export_parallel "$quill" export --output parallel.tar.gz --quiet
measure export_single "$quill" export --single-stream --output single.tar.gz --quiet
gzip -t parallel.tar.gz && gzip -t single.tar.gz

# The same notes as files: what `tar -xzf` of the export gives.
mkdir files && tar -xzf single.tar.gz -C files
tar_bytes="$(du -sb files | cut -f1)"
measure baseline_tar_gzip sh -c 'tar -cf - -C files quill-notes | gzip -6 | cat > baseline.tar.gz'

# Import: an archive of IMPORT_NOTES notes into an empty store, against tar -xzf of it into a directory.
if [ "$import_notes" = "$notes" ]; then
  cp single.tar.gz import.tar.gz
else
  python3 "$repo/Tools/benchmarks/archive_corpus.py" import-home "$import_notes"
  QUILL_HOME="$work/import-home" "$quill" export --output import.tar.gz --quiet
fi
# target NAME: an empty directory for one import run, on a new file system if FRESH_FS=1.
target() {
  if [ "${FRESH_FS:-0}" = 1 ]; then
    umount "$work/fs" 2> /dev/null || true
    mkdir -p "$work/fs"
    truncate -s 8G "$work/fs.img"
    mkfs.ext4 -q -F -O ^has_journal "$work/fs.img"
    mount -o loop "$work/fs.img" "$work/fs"
    mkdir "$work/fs/$1"
    echo "$work/fs/$1"
  else
    mkdir "$work/$1"
    echo "$work/$1"
  fi
}
[ "${FRESH_FS:-0}" = 1 ] && trap 'umount "$work/fs" 2> /dev/null; rm -rf "$work"' EXIT
for run in $(seq 1 "$import_runs"); do
  extracted="$(target "extracted-$run")"
  measure "baseline_tar_xzf_$run" tar -xzf import.tar.gz -C "$extracted"
  imported="$(target "imported-$run")"
  QUILL_HOME="$imported" measure "import_$run" "$quill" import import.tar.gz --quiet
  [ "$(QUILL_HOME="$imported" "$quill" list | wc -l)" -eq "$import_notes" ]
done
QUILL_HOME="$work/verify-home" measure verify sh -c '"$0" verify import.tar.gz > /dev/null' "$quill"
# median LABEL FIELD: the median over the runs named LABEL_1 … LABEL_N.
median() { awk -v l="$1" -v f="$2" 'index($1, l "_") == 1 && $1 ~ /_[0-9]+$/ { print $f }' results | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
runs() { awk -v l="$1" 'index($1, l "_") == 1 && $1 ~ /_[0-9]+$/ { printf "%s%s", (n++ ? " " : ""), $2 }' results; }

load="$(cut -d' ' -f1-3 /proc/loadavg)"
section="$work/section.md"
{
  echo "Measured $(date -u +%Y-%m-%d) on this machine ($(nproc) cores; load average $load at the end) by \`Tools/benchmarks/archive.sh\`,"
  echo "on $notes generated notes with 1–4 KiB Markdown bodies ($(awk -v b="$tar_bytes" 'BEGIN { printf "%.0f", b / 1e6 }') MB as files), level 6, one run each, in a fresh directory under \`${WORK_PARENT:-/tmp}\`$([ "${FRESH_FS:-0}" = 1 ] && echo "; each import run into a newly made ext4 file system (\`FRESH_FS=1\`)")."
  echo
  echo "| measurement (release build, whole process) | target | result |"
  echo "|---|---|---|"
  echo "| \`quill export\` (parallel, the default) | ≥ 1.0× \`tar -cf - DIR \| gzip -6\` | $(value export_parallel 2) s vs $(value baseline_tar_gzip 2) s: $(ratio "$(value baseline_tar_gzip 2)" "$(value export_parallel 2)")× |"
  echo "| \`quill export --single-stream\` | — | $(value export_single 2) s: $(ratio "$(value baseline_tar_gzip 2)" "$(value export_single 2)")× of tar \| gzip |"
  echo "| parallel vs single-stream export | ≥ 1.7× on 2 cores | $(ratio "$(value export_single 2)" "$(value export_parallel 2)")× |"
  echo "| archive size: parallel / single / tar \| gzip -6 | ≤ 3% larger | $(size_mb parallel.tar.gz) / $(size_mb single.tar.gz) / $(size_mb baseline.tar.gz) MB |"
  echo "| \`quill import\` of $import_notes notes into an empty store, median of $import_runs (runs: $(runs import)) | ≥ 1.0× \`tar -xzf\` (runs: $(runs baseline_tar_xzf)) | $(median import 2) s vs $(median baseline_tar_xzf 2) s: $(ratio "$(median baseline_tar_xzf 2)" "$(median import 2)")× |"
  echo "| \`quill verify\` of the same archive (read, validate, plan; no writes) | — | $(value verify 2) s: $(ratio "$(median baseline_tar_xzf 2)" "$(value verify 2)")× of tar -xzf |"
  echo "| peak RSS: export parallel / single | < 64 MiB | $(mib "$(value export_parallel 3)") / $(mib "$(value export_single 3)") MiB |"
  echo "| peak RSS: import (largest of the runs) / verify | < 64 MiB | $(mib "$(awk '$1 ~ /^import_[0-9]+$/ { if ($3 > m) m = $3 } END { print m }' results)") / $(mib "$(value verify 3)") MiB |"
} > "$section"
cat "$section" >&2

if [ "${FRESH_FS:-0}" = 1 ]; then
  python3 "$repo/Tools/benchmarks/performance_section.py" archive-fresh-fs \
    "Archive, each import on a new file system (\`FRESH_FS=1 Tools/benchmarks/archive.sh\`)" "$section"
else
  python3 "$repo/Tools/benchmarks/performance_section.py" archive "Archive (\`Tools/benchmarks/archive.sh\`)" "$section"
fi
