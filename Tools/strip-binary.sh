#!/usr/bin/env bash
# Writes a stripped copy of a binary and its symbols in a file of their own, as releases ship
# them (Tools/release.sh, and Tools/benchmarks/release-size.sh, which measures what that costs):
#
#   Tools/strip-binary.sh BINARY STRIPPED SYMBOL-DIRECTORY
#
# STRIPPED is BINARY without its symbol table and DWARF (`strip --strip-all`), naming its symbol
# file in a `.gnu_debuglink` (checked by CRC); SYMBOL-DIRECTORY/<name>.debug holds the symbols.
set -euo pipefail
binary="$1" symbols="$3"
stripped="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")" # absolute: the debuglink is added from the symbol directory
name="$(basename "$binary")"
mkdir -p "$symbols"
objcopy --only-keep-debug "$binary" "$symbols/$name.debug"
strip --strip-all -o "$stripped" "$binary"
(cd "$symbols" && objcopy --add-gnu-debuglink="$name.debug" "$stripped")
chmod 755 "$stripped"
