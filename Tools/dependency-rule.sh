#!/usr/bin/env bash
# Checks Quill's dependency rule (and that the generated docs are current: the module graph in
# docs/module-graph.md, the table of concerns in docs/architecture.md; and that every type, file,
# command, flag and variable README.md and docs/ name in backticks exists), or regenerates them:
# Tools/dependency-rule.sh [check | write-docs]
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-check}"
swift build --package-path Tools/DependencyRule -q
rule="$(swift build --package-path Tools/DependencyRule --show-bin-path)/DependencyRule"
case "$mode" in
  check) swift package dump-package | "$rule" check --docs docs/module-graph.md --concerns docs/architecture.md \
           --claims README.md,docs --outside-names Tools/DependencyRule/outside-names.txt ;;
  write-docs) swift package dump-package | "$rule" write-docs docs/module-graph.md --concerns docs/architecture.md ;;
  *) echo "usage: Tools/dependency-rule.sh [check | write-docs]" >&2; exit 2 ;;
esac
