#!/usr/bin/env bash
# Builds the release tarball and prints its path as the last line of standard output:
#
#   dist/quill-<version>-linux-<arch>.tar.gz
#     quill-<version>-linux-<arch>/            unpack with --strip-components=1 into /usr/local
#       bin/quill, bin/quill-server            Swift runtime linked in (--static-swift-stdlib),
#                                              stripped, each with a .gnu_debuglink to its symbols
#       share/man/man1/*.1                     argument-parser's generate-manual (see below)
#       share/bash-completion/completions/     bash, zsh and fish completions of both commands
#       share/zsh/site-functions/, share/fish/vendor_completions.d/
#       lib/systemd/system/quill-server.service   the hardened unit (Tools/deploy/)
#       share/doc/quill/                       README.md and docs/
#
#   dist/quill-<version>-linux-<arch>-debug.tar.gz   the symbols, for whoever needs them
#     quill-<version>-linux-<arch>/bin/.debug/quill.debug, quill-server.debug
#                                              unpacked the same way, gdb and lldb find them
#
# The version is QuillVersion.current (Modules/Models/QuillModels/QuillVersion.swift); the
# script checks that both binaries print it for --version and load no Swift library from the
# toolchain. QUILL_BUILD_CONFIGURATION=debug builds faster with the same contents (CI's deploy
# test uses it); release, the default, is what to deploy. Progress goes to standard error.
set -euo pipefail
cd "$(dirname "$0")/.."

configuration="${QUILL_BUILD_CONFIGURATION:-release}"
case "$configuration" in
    release | debug) ;;
    *) echo "release.sh: QUILL_BUILD_CONFIGURATION must be release or debug, not '$configuration'" >&2; exit 2 ;;
esac
version="$(sed -n 's/^ *public static let current = "\([^"]*\)"$/\1/p' Modules/Models/QuillModels/QuillVersion.swift)"
[ -n "$version" ] || { echo "release.sh: no version found in QuillVersion.swift" >&2; exit 1; }
name="quill-$version-linux-$(uname -m)"

# A build directory of its own: objects compiled for --static-swift-stdlib name the static
# libraries, and SwiftPM would relink them, not recompile them, in a dynamic build (and back).
build=(swift build -c "$configuration" --static-swift-stdlib --scratch-path .build/static)
for product in quill-server quill generate-manual; do
    echo "release.sh: building $product ($configuration, --static-swift-stdlib)" >&2
    "${build[@]}" --product "$product" >&2
done
bin="$("${build[@]}" --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/$name"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d" \
    "$stage/lib/systemd/system" "$stage/share/doc/quill/docs"
# Stripped binaries (half the size), their symbols in the debug tarball's bin/.debug/, where
# debuggers look for the file each binary names.
symbols="$work/symbols/$name/bin/.debug"
for command in quill quill-server; do Tools/strip-binary.sh "$bin/$command" "$stage/bin/$command" "$symbols"; done

for command in quill quill-server; do
    printed="$("$stage/bin/$command" --version)"
    [ "$printed" = "$version" ] || { echo "release.sh: $command --version printed '$printed', not '$version'" >&2; exit 1; }
    if ldd "$stage/bin/$command" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|/opt/swift|not found' >&2; then
        echo "release.sh: $command needs the libraries above; it would not run without a Swift toolchain" >&2
        exit 1
    fi
    "$stage/bin/$command" --generate-completion-script bash >"$stage/share/bash-completion/completions/$command"
    "$stage/bin/$command" --generate-completion-script zsh >"$stage/share/zsh/site-functions/_$command"
    "$stage/bin/$command" --generate-completion-script fish >"$stage/share/fish/vendor_completions.d/$command.fish"
done

# Man pages: argument-parser's generate-manual tool, which its generate-manual plugin runs on each
# built binary (through --experimental-dump-help). Run here directly, on the binaries above: the
# plugin would first rebuild every product, and without --static-swift-stdlib.
echo "release.sh: generating man pages" >&2
date="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
for command in quill quill-server; do
    "$bin/generate-manual" "$stage/bin/$command" --multi-page --date "$date" --output-directory "$stage/share/man/man1" >&2
    [ -s "$stage/share/man/man1/$command.1" ] || { echo "release.sh: generate-manual made no $command.1" >&2; exit 1; }
done
pages="$(find "$stage/share/man/man1" -name '*.1' | wc -l)"

install -m 644 Tools/deploy/quill-server.service "$stage/lib/systemd/system/"
install -m 644 README.md "$stage/share/doc/quill/"
install -m 644 docs/*.md docs/openapi.yaml "$stage/share/doc/quill/docs/"

mkdir -p dist
tarball="$PWD/dist/$name.tar.gz"
mtime="@$(git log -1 --format=%ct 2>/dev/null || date +%s)"
pack() { # pack DIRECTORY TARBALL: reproducible (sorted, owned by root, one mtime)
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -C "$1" -cf - "$name" | gzip -n >"$2"
}
pack "$work" "$tarball"
pack "$work/symbols" "$PWD/dist/$name-debug.tar.gz"
echo "release.sh: $pages man pages, $(du -h "$tarball" | cut -f1) in all, symbols in $name-debug.tar.gz" >&2
echo "$tarball"
