#!/usr/bin/env bash
# The client Swift's own OpenAPI generator (apple/swift-openapi-generator, Tools/OpenAPIClient)
# makes from docs/openapi.yaml, kept in Tests/GeneratedClientTests/Generated/ so that the build
# pays no generator cost; GeneratedClientTests drives every operation through it against a real
# quill-server.
#
#   Tools/openapi-client.sh generate    # writes the generated files anew
#   Tools/openapi-client.sh check       # fails if they are not what the generator writes now (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:?usage: $0 generate|check}"
generated="Tests/GeneratedClientTests/Generated"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swift run --package-path Tools/OpenAPIClient swift-openapi-generator generate docs/openapi.yaml \
    --config Tools/OpenAPIClient/openapi-generator-config.yaml --output-directory "$out" >&2
case "$mode" in
    generate)
        mkdir -p "$generated"
        cp "$out"/*.swift "$generated/"
        echo "openapi-client: wrote $(ls "$out" | tr '\n' ' ')into $generated" >&2
        ;;
    check)
        if ! diff -r "$out" "$generated" >&2; then
            echo "openapi-client: $generated is not what docs/openapi.yaml generates: run Tools/openapi-client.sh generate" >&2
            exit 1
        fi
        echo "openapi-client: the generated client is current" >&2
        ;;
    *) echo "usage: $0 generate|check" >&2; exit 2 ;;
esac
