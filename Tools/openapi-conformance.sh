#!/usr/bin/env bash
# Checks the running server against docs/openapi.yaml with schemathesis (from PyPI), and
# fuzzes it statefully:
#
# 1. `quill-server --preview`: a short conformance run with a fixed seed.
# 2. The production server (`quill-server` over its real SQLite store in a temporary data
#    directory), then the same over PostgreSQL when it is installed (Tools/with-postgres.sh):
#    every schemathesis phase (examples, coverage, fuzzing, stateful, which chains
#    create -> get/replace/delete through the spec's `links`), positive and negative data,
#    and every check that fits the API (all but missing_required_header and object_level_authorization;
#    Tools/schemathesis.toml says where a check cannot hold). The seed changes per run and is printed.
#    A second account's note, made before the fuzz, must be byte-for-byte untouched at the
#    end, and the server's log must hold no 5xx and no error. Then the same fuzz with a
#    read-only token (`account token --read-only`): every write must be refused.
#
#   Tools/openapi-conformance.sh                     # builds quill-server (debug) first
#   QUILL_SERVER_BINARY=path Tools/openapi-conformance.sh
#   QUILL_FUZZ_EXAMPLES=1000 Tools/openapi-conformance.sh   # more cases per operation (default 150)
#   QUILL_FUZZ_SEED=1234 Tools/openapi-conformance.sh       # replay a run
#   Tools/openapi-conformance.sh --store sqlite|postgres|preview   # one part only
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
. Tools/quill-server-port.sh

schemathesis_version="4.32.5"
if [ "$(schemathesis --version 2>/dev/null || true)" != "schemathesis, version $schemathesis_version" ]; then
    python3 -m pip install --quiet "schemathesis==$schemathesis_version"
fi

binary="${QUILL_SERVER_BINARY:-}"
if [ -z "$binary" ]; then
    swift build --product quill-server >/dev/null
    binary="$(swift build --show-bin-path)/quill-server"
fi
export QUILL_SERVER_BINARY="$binary"

only=""
if [ "${1:-}" = "--store" ]; then only="${2:?--store needs sqlite, postgres or preview}"; fi

examples="${QUILL_FUZZ_EXAMPLES:-150}"
seed="${QUILL_FUZZ_SEED:-$(python3 -c 'import secrets; print(secrets.randbelow(2**31))')}"
export QUILL_FUZZ_SEED="$seed"
spec="$repository/docs/openapi.yaml"
# schemathesis leaves a cache folder in its working directory: run it from a scratch directory.
scratch="$(mktemp -d)"
server=""
stop_server() {
    if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    server=""
}
trap 'stop_server; rm -rf "$scratch"' EXIT

# Starts quill-server with the given arguments, logging to $scratch/server.log; sets $server and $port.
start_server() {
    : >"$scratch/server.log"
    # schemathesis sends wrong tokens on purpose (is every operation's authentication enforced?),
    # dozens a minute from this one address: past the default limit every request would be answered
    # 429 and the rest of the run would test nothing. The limit itself is tested in ServerFeatureTests.
    "$binary" "$@" --host 127.0.0.1 --port 0 --log-level info --wrong-token-limit 0 2>"$scratch/server.log" &
    server=$!
    port="$(quill_server_port "$scratch/server.log" "$server")" || exit 1
}

# GET /v1/events is left out: its answer stays open until the client closes it, and schemathesis
# waits for a whole answer. Its refusals and its stream are tested with real clients by
# Tests/QuillServerIntegrationTests/EventStreamIntegrationTests.swift.
fuzz() { # fuzz TOKEN EXAMPLES SEED EXTRA...
    local token="$1" count="$2" run_seed="$3"
    shift 3
    (cd "$scratch" && schemathesis --config-file "$repository/Tools/schemathesis.toml" run "$spec" \
        --url "http://127.0.0.1:$port" \
        --header "Authorization: Bearer $token" \
        --max-examples "$count" \
        --seed "$run_seed" \
        --generation-database none \
        --request-timeout 30 \
        --exclude-operation-id events \
        --no-color \
        "$@")
}

run_preview() {
    echo "== schemathesis against quill-server --preview (seed 1)"
    start_server --preview
    local token
    token="$(sed -n 's/.*token \(quill_[0-9a-f]*_[A-Za-z0-9]*\).*/\1/p' "$scratch/server.log" | head -n 1)"
    fuzz "$token" 30 1 --phases examples,coverage \
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
    stop_server
}

# run_production NAME STORAGE-ARGUMENTS...: the stateful fuzz of the real server over one store.
run_production() {
    local name="$1"
    shift
    echo "== stateful fuzz of quill-server over $name: seed $seed, $examples examples per operation (QUILL_FUZZ_SEED=$seed replays it)"
    local fuzzer bystander
    fuzzer="$("$binary" account create fuzzer "$@" 2>/dev/null)"
    bystander="$("$binary" account create bystander "$@" 2>/dev/null)"
    start_server "$@"
    local base="http://127.0.0.1:$port"
    local note='{"body":"must survive the fuzz","created":"2026-01-01T00:00:00.000Z","deleted":false,"format":1,"id":"b0","revision":1,"tags":["keep"],"title":"Bystander","updated":"2026-01-01T00:00:00.000Z"}'
    curl -fsS -X POST -H "Authorization: Bearer $bystander" -H 'Content-Type: application/json' -d "$note" "$base/v1/notes" >"$scratch/before.json"

    fuzz "$fuzzer" "$examples" "$seed" \
        --phases examples,coverage,fuzzing,stateful \
        --mode all \
        --exclude-checks missing_required_header,object_level_authorization \
        || { grep -E ' 5[0-9]{2} [0-9.]+ms| (error|critical) ' "$scratch/server.log" | head -n 20 >&2 || true; exit 1; }

    curl -fsS -H "Authorization: Bearer $bystander" "$base/v1/notes/b0" >"$scratch/after.json"
    cmp -s "$scratch/before.json" "$scratch/after.json" \
        || { echo "the bystander's note changed during the fuzz:" >&2; cat "$scratch/before.json" "$scratch/after.json" >&2; exit 1; }
    curl -fsS -H "Authorization: Bearer $bystander" "$base/v1/changes" | grep -q '"next":"1"' \
        || { echo "the bystander's account was written to during the fuzz" >&2; exit 1; }
    read_only_fuzz "$base" "$@"
    stop_server
    if grep -E ' 5[0-9]{2} [0-9.]+ms| (error|critical) ' "$scratch/server.log" >&2; then
        echo "the server log above holds a 5xx or an error" >&2
        exit 1
    fi
    echo "== $name: no 5xx, the bystander's note is untouched"
}

# head_cursor BASE TOKEN: the change feed's last cursor (every page followed).
head_cursor() {
    python3 - "$1" "$2" <<'PY'
import json, sys, urllib.request
base, token, since = sys.argv[1], sys.argv[2], None
while True:
    url = base + "/v1/changes?limit=1000" + ("&since=" + since if since else "")
    page = json.load(urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": "Bearer " + token})))
    since = page["next"]
    if not page["hasMore"]:
        print(since)
        break
PY
}

# read_only_fuzz BASE STORAGE-ARGUMENTS...: the same fuzz with a read-only token of the fuzzed
# account, on the running server: every write must be refused (no 2xx for any POST, PUT, PATCH or
# DELETE in the server's log, 403s seen) and the account's change feed must not move.
read_only_fuzz() {
    local base="$1"
    shift
    local reader before after from
    reader="$("$binary" account token fuzzer --read-only --label fuzz "$@" 2>/dev/null)"
    before="$(head_cursor "$base" "$fuzzer")"
    from=$(($(wc -l <"$scratch/server.log") + 1))
    echo "== fuzz with a read-only token: every write must be refused"
    fuzz "$reader" "$((examples / 3 + 1))" "$seed" \
        --phases examples,coverage,fuzzing \
        --mode all \
        --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
        || { grep -E ' 5[0-9]{2} [0-9.]+ms| (error|critical) ' "$scratch/server.log" | head -n 20 >&2 || true; exit 1; }
    after="$(head_cursor "$base" "$fuzzer")"
    # The device sign-in's two requests take no token (`security: []` in docs/openapi.yaml): a 200
    # there is a sign-in begun, not a write the token made (whether the fuzz meets one depends on
    # how much of the sign-in limit the phases before it left).
    if tail -n "+$from" "$scratch/server.log" | grep -E '(POST|PUT|PATCH|DELETE) /v1/[^ ]* 2[0-9]{2} ' \
        | grep -vE 'POST /v1/device/(code|token) ' >&2; then
        echo "a read-only token's write above was not refused" >&2
        exit 1
    fi
    local refused
    refused="$(tail -n "+$from" "$scratch/server.log" | grep -cE '(POST|PUT|PATCH|DELETE) /v1/[^ ]* 403 ' || true)"
    [ "$refused" -gt 0 ] || { echo "the read-only fuzz sent no write that was refused with 403" >&2; exit 1; }
    [ "$before" = "$after" ] || { echo "the change feed moved from $before to $after under a read-only token" >&2; exit 1; }
    echo "== read-only token: $refused writes refused with 403, none written"
}

case "$only" in
    preview) run_preview ;;
    sqlite) run_production SQLite --data-dir "$scratch/data" ;;
    postgres) run_production PostgreSQL --database "${QUILL_TEST_POSTGRES_URL:?run under Tools/with-postgres.sh}" ;;
    "")
        run_preview
        run_production SQLite --data-dir "$scratch/data"
        if [ -x Tools/with-postgres.sh ] && Tools/with-postgres.sh --available; then
            Tools/with-postgres.sh "$0" --store postgres
        else
            echo "note: PostgreSQL is not installed here; the PostgreSQL fuzz is skipped" >&2
        fi
        ;;
    *) echo "usage: $0 [--store sqlite|postgres|preview]" >&2; exit 2 ;;
esac
