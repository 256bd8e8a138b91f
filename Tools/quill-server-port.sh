# Sourced by the scripts that start quill-server with --port 0 (tests and benchmarks): the one way
# they learn the port it chose.
#
# quill_server_port LOG PID: prints the port quill-server announced in LOG ("listening on
# http://127.0.0.1:PORT") once it listens. Fails, printing the log to stderr, if process PID ends
# first or nothing is announced within 30 seconds.
quill_server_port() {
    local log="$1" pid="$2" port=""
    for _ in $(seq 1 300); do
        # The log is made by the server's own redirection, in the background: it may not be there yet.
        port="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" 2>/dev/null | head -n 1)"
        if [ -n "$port" ]; then
            echo "$port"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "quill-server did not start; its log:" >&2
    cat "$log" >&2
    return 1
}
