#!/usr/bin/env bash
# Benchmarks `quill import` (issue 17) against `tar -xzf` of the same archive into an empty
# directory, for both kinds of archive, at each size: an archive written by `quill export`, and
# a GNU-tar folder of plain Markdown files shaped like another app's notes (no manifest; YAML
# front matter on half of them, as Obsidian, Joplin and Hugo write it; dates otherwise from the
# entry's modification time: `plain_corpus.py`). The static release build (what ships), whole processes, medians of
# interleaved runs, each into a fresh directory. Writes the results into the "Import" section of
# docs/performance.md (with FRESH_FS=1, its own section).
#
# Usage: Tools/benchmarks/import.sh [--skip-build]
#   SIZES="20000 100000"  notes per archive (bodies of 1-4 KiB)
#   RUNS=3                runs of `tar -xzf` and `quill import` per archive, interleaved
#   QUILL=PATH            the quill binary to measure (default: this package's release build)
#   WORK_PARENT=/tmp      where the run's fresh directory is made (removed at the end)
#   FRESH_FS=0            1: each run (tar's and quill's) extracts into a newly made ext4 file
#                         system (an image in the work directory, loop-mounted; needs root), so
#                         that neither pays for where earlier runs left the disk: after ~100,000
#                         files are deleted, creating files on this disk is slow for a while.
# Each measured command runs in a session of its own (setsid), as from a new terminal: with the
# kernel's autogroups, what else runs in the caller's session (a build) does not share its CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
sizes="${SIZES:-20000 100000}"
runs="${RUNS:-3}"

if [ -n "${QUILL:-}" ]; then
  quill="$(realpath "$QUILL")"
else
  build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
  if [ "${1:-}" != "--skip-build" ]; then "${build[@]}" --product quill >&2; fi
  quill="$("${build[@]}" --show-bin-path)/quill"
fi

work="$(mktemp -d "${WORK_PARENT:-/tmp}/quill-import-bench.XXXXXX")"
trap 'umount "$work/fs" 2> /dev/null || true; rm -rf "$work"' EXIT
cd "$work"

# measure LABEL COMMAND...: runs once, appends "LABEL seconds user-seconds" to results.
measure() {
  local label="$1"; shift
  sync
  setsid --wait /usr/bin/time -f "%e %U" -o time.txt "$@"
  echo "$label $(cat time.txt)" >> results
  echo "$label: $(awk '{ print $1 " s, " $2 " s user" }' time.txt)" >&2
}
# target NAME: an empty directory for one run, on a new file system if FRESH_FS=1.
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
# median LABEL FIELD: the median of FIELD over the runs named LABEL_1 … LABEL_N.
median() { awk -v l="$1" -v f="$2" 'index($1, l "_") == 1 && $1 ~ /_[0-9]+$/ { print $f }' results | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
runs_of() { awk -v l="$1" 'index($1, l "_") == 1 && $1 ~ /_[0-9]+$/ { printf "%s%s", (n++ ? " " : ""), $2 }' results; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

for size in $sizes; do
  echo "generating $size notes, both kinds" >&2
  python3 "$repo/Tools/benchmarks/archive_corpus.py" "home-$size" "$size"
  QUILL_HOME="$work/home-$size" "$quill" export --output "quill-$size.tar.gz" --quiet
  python3 "$repo/Tools/benchmarks/plain_corpus.py" "vault-$size" "$size"
  tar --format=gnu -czf "plain-$size.tar.gz" "vault-$size"
  # The sources stay until the end: deleting 100,000 files slows creating files for a while.
  for run in $(seq 1 "$runs"); do
    for kind in quill plain; do
      extracted="$(target "tar-$kind-$size-$run")"
      measure "tar_${kind}_${size}_$run" tar -xzf "$kind-$size.tar.gz" -C "$extracted"
      imported="$(target "import-$kind-$size-$run")"
      QUILL_HOME="$imported" measure "import_${kind}_${size}_$run" "$quill" import "$kind-$size.tar.gz" --quiet
      [ "$(QUILL_HOME="$imported" "$quill" list | wc -l)" -eq "$size" ]
    done
  done
done

load="$(cut -d' ' -f1-3 /proc/loadavg)"
section="$work/section.md"
{
  echo "Measured $(date -u +%Y-%m-%d) on this machine ($(nproc) cores; load average $load at the end) by \`Tools/benchmarks/import.sh\`:"
  echo "medians of $runs interleaved runs, each into a fresh directory under \`${WORK_PARENT:-/tmp}\`$([ "${FRESH_FS:-0}" = 1 ] && echo " on a newly made ext4 file system (\`FRESH_FS=1\`)"), each command in a session of its own."
  echo
  echo "| archive (1–4 KiB bodies) | notes | \`tar -xzf\` (runs) | \`quill import\` (runs) | target | ratio | CPU user: tar / quill |"
  echo "|---|---|---|---|---|---|---|"
  for size in $sizes; do
    for kind in quill plain; do
      case "$kind" in
        quill) name="written by \`quill export\`"; goal="≥ 1.0×" ;;
        plain) name="plain Markdown, GNU tar (half with front matter)"; goal="≥ 1.0×" ;;
      esac
      echo "| $name | $size | $(median "tar_${kind}_$size" 2) s ($(runs_of "tar_${kind}_$size")) | $(median "import_${kind}_$size" 2) s ($(runs_of "import_${kind}_$size")) | $goal | $(ratio "$(median "tar_${kind}_$size" 2)" "$(median "import_${kind}_$size" 2)")× | $(median "tar_${kind}_$size" 3) / $(median "import_${kind}_$size" 3) s |"
    done
  done
} > "$section"
cat "$section" >&2

if [ "${FRESH_FS:-0}" = 1 ]; then
  python3 "$repo/Tools/benchmarks/performance_section.py" import-fresh-fs \
    "Import, each run on a new file system (\`FRESH_FS=1 Tools/benchmarks/import.sh\`)" "$section"
else
  python3 "$repo/Tools/benchmarks/performance_section.py" import "Import (\`Tools/benchmarks/import.sh\`)" "$section"
fi
