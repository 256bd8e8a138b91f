#!/usr/bin/env bash
# The whole test suite, as CI runs it: the dependency rule, then every Swift test of the package
# (against a throwaway PostgreSQL cluster when PostgreSQL is installed; see Tools/with-postgres.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/dependency-rule.sh check
swift test --package-path Tools/DependencyRule
if [ -x Tools/with-postgres.sh ] && Tools/with-postgres.sh --available; then
  Tools/with-postgres.sh swift test
else
  echo "note: PostgreSQL is not installed here; the PostgreSQL tests will be skipped" >&2
  swift test
fi
