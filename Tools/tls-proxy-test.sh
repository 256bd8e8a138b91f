#!/usr/bin/env bash
# Runs docs/deploy.md's "HTTPS in front" nginx example for real: the nginx block between the
# tls-proxy-test:nginx markers, with only the certificate paths, the ports and the server name
# swapped for test ones, in front of a real quill-server (SQLite, throwaway data directory), with
# a certificate from a throwaway CA. Then two `quill` homes log in over https://, sync a note
# from one to the other through the proxy, a plain http:// login to the TLS port is refused
# clearly, curl --cacert sees /healthz (and /metrics hidden, port 80 redirected) through the
# proxy, and a second copy of the block in front of a header-echo backend shows it forwards Host,
# X-Forwarded-Proto: https and X-Forwarded-For as the doc says. About 2 s; every wait is capped.
#
# quill's HTTP client (async-http-client with swift-nio-ssl) trusts only the system CA bundle,
# with no environment variable to add one. So the quill commands run in a private mount
# namespace where /etc/ssl/certs/ca-certificates.crt is a bind-mounted copy with the test CA
# appended; the real system store is never touched. That needs root (CI runs as root): without
# it the test says so and is skipped.
#
#   QUILL_BINARY=path QUILL_SERVER_BINARY=path Tools/tls-proxy-test.sh   # as Tools/test.sh runs it
#   Tools/tls-proxy-test.sh                                              # builds both (debug) first
set -euo pipefail
cd "$(dirname "$0")/.."
. Tools/quill-server-port.sh

fail() { echo "tls-proxy-test: $*" >&2; exit 1; }
step() { echo "tls-proxy-test: $*"; }

system_bundle=/etc/ssl/certs/ca-certificates.crt
if [ "$(id -u)" != 0 ] || ! unshare --mount --propagation private true 2>/dev/null; then
    echo "tls-proxy-test: skipped: needs root for a private mount namespace (unshare --mount)" >&2
    exit 0
fi
for tool in nginx openssl curl python3 timeout; do
    command -v "$tool" >/dev/null || fail "needs $tool (apt-get install -y nginx openssl curl util-linux)"
done
[ -f "$system_bundle" ] || fail "no system CA bundle at $system_bundle (apt-get install -y ca-certificates)"

quill_binary="${QUILL_BINARY:-}"
server_binary="${QUILL_SERVER_BINARY:-}"
if [ -z "$quill_binary" ] || [ -z "$server_binary" ]; then
    swift build --product quill >/dev/null
    swift build --product quill-server >/dev/null
    quill_binary="$(swift build --show-bin-path)/quill"
    server_binary="$(swift build --show-bin-path)/quill-server"
fi

scratch="$(mktemp -d)"
server="" proxy="" echo_backend=""
stop() { # $1: a pid we started; TERM, then KILL after 5 s
    [ -n "$1" ] || return 0
    kill -TERM "$1" 2>/dev/null || return 0
    for _ in $(seq 1 50); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}
trap 'stop "$proxy"; stop "$server"; stop "$echo_backend"; rm -rf "$scratch"' EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# 1. A throwaway CA and a certificate for localhost signed by it.
tls="$scratch/tls"
mkdir -p "$tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj "/CN=quill tls-proxy-test CA" -keyout "$tls/ca.key" -out "$tls/ca.pem" 2>"$tls/openssl.log" \
    || { cat "$tls/openssl.log" >&2; fail "could not make the test CA"; }
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=localhost" \
    -keyout "$tls/privkey.pem" -out "$tls/server.csr" 2>"$tls/openssl.log" \
    || { cat "$tls/openssl.log" >&2; fail "could not make the server key"; }
printf 'subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >"$tls/server.ext"
openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial -days 2 \
    -extfile "$tls/server.ext" -out "$tls/fullchain.pem" 2>"$tls/openssl.log" \
    || { cat "$tls/openssl.log" >&2; fail "could not sign the server certificate"; }
cat "$system_bundle" "$tls/ca.pem" >"$tls/ca-certificates.crt"
step "test CA and a certificate for localhost made"
system_bundle_sum="$(sha256sum "$system_bundle")"

# 2. quill-server on a free port, with one account.
data="$scratch/server-data"
mkdir -p "$data"
token="$(env -u QUILL_SERVER_DATABASE QUILL_SERVER_DATA="$data" timeout 20 "$server_binary" account create ann 2>"$scratch/account.log")" \
    || { cat "$scratch/account.log" >&2; fail "quill-server account create failed"; }
[[ "$token" == quill_* ]] || fail "account create printed '$token', not a token"
server_log="$scratch/server.log"
env -u QUILL_SERVER_DATABASE -u QUILL_SERVER_HOST -u QUILL_SERVER_PORT QUILL_SERVER_DATA="$data" \
    "$server_binary" --host 127.0.0.1 --port 0 --log-level notice 2>"$server_log" &
server=$!
server_port="$(quill_server_port "$server_log" "$server")" || fail "quill-server did not start"
step "quill-server listening on 127.0.0.1:$server_port"

# 3. nginx with docs/deploy.md's server blocks, as a foreground child with everything in $scratch.
nginx_dir="$scratch/nginx"
mkdir -p "$nginx_dir/logs" "$nginx_dir/temp"
awk '/<!-- tls-proxy-test:nginx:begin/ { inside = 1; next }
     /<!-- tls-proxy-test:nginx:end/ { inside = 0 }
     inside && /^```nginx$/ { block = 1; next }
     inside && /^```$/ { block = 0; next }
     inside && block { print }' docs/deploy.md >"$nginx_dir/doc.conf"
# The doc's block must still be what this test substitutes into; say so if it changed shape.
for expected in 'listen 80;' 'listen 443 ssl' '127.0.0.1:8080' 'notes.example.com/fullchain.pem' \
        'notes.example.com/privkey.pem' 'X-Forwarded-Proto $scheme' 'X-Forwarded-For'; do
    grep -qF -- "$expected" "$nginx_dir/doc.conf" \
        || fail "docs/deploy.md's nginx block (between the tls-proxy-test:nginx markers) has no '$expected'"
done
# The doc's block with ports 80 and 443 → $1 and $2, upstream 127.0.0.1:8080 → 127.0.0.1:$3.
doc_block() {
    sed -e "s|listen 80;|listen 127.0.0.1:$1;|" \
        -e "s|listen 443 ssl|listen 127.0.0.1:$2 ssl|" \
        -e "s|/etc/letsencrypt/live/notes.example.com/|$tls/|g" \
        -e "s|127\.0\.0\.1:8080|127.0.0.1:$3|g" \
        -e "s|notes\.example\.com|localhost|g" "$nginx_dir/doc.conf"
}
# A second copy of the block in front of a backend that echoes the request headers it got, to
# see what the block forwards (quill-server itself trusts no forwarded header, so cannot tell).
echo_log="$scratch/echo.log"
: >"$echo_log"   # before the backend starts: the job below opens it only once it runs
python3 -u - >"$echo_log" 2>&1 <<'PYTHON' &
import http.server
class Echo(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = "".join(f"{name}: {value}\n" for name, value in self.headers.items()).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Echo)
print(f"echo port {server.server_address[1]}")
server.serve_forever()
PYTHON
echo_backend=$!
echo_port=""
for _ in $(seq 1 100); do
    echo_port="$(sed -n 's/^echo port \([0-9]*\)$/\1/p' "$echo_log")"
    [ -n "$echo_port" ] && break
    kill -0 "$echo_backend" 2>/dev/null || { cat "$echo_log" >&2; fail "the header-echo backend stopped at start"; }
    sleep 0.1
done
[ -n "$echo_port" ] || fail "the header-echo backend did not start within 10 s"
https_port="$(free_port)" http_port="$(free_port)" echo_https_port="$(free_port)" echo_http_port="$(free_port)"
[ "$(printf '%s\n' "$https_port" "$http_port" "$echo_https_port" "$echo_http_port" | sort -u | wc -l)" = 4 ] \
    || fail "free_port gave the same port twice; run again"
doc_block "$http_port" "$https_port" "$server_port" >"$nginx_dir/quill.conf"
doc_block "$echo_http_port" "$echo_https_port" "$echo_port" >"$nginx_dir/echo.conf"
cat >"$nginx_dir/nginx.conf" <<NGINX
daemon off;
master_process on;
worker_processes 1;
user root;
pid $nginx_dir/nginx.pid;
error_log $nginx_dir/logs/error.log warn;
events { worker_connections 64; }
http {
    access_log $nginx_dir/logs/access.log;
    client_body_temp_path $nginx_dir/temp/body;
    proxy_temp_path $nginx_dir/temp/proxy;
    fastcgi_temp_path $nginx_dir/temp/fastcgi;
    uwsgi_temp_path $nginx_dir/temp/uwsgi;
    scgi_temp_path $nginx_dir/temp/scgi;
    include $nginx_dir/quill.conf;
    include $nginx_dir/echo.conf;
}
NGINX
nginx -t -q -p "$nginx_dir" -c "$nginx_dir/nginx.conf" 2>"$nginx_dir/test.log" \
    || { cat -n "$nginx_dir/quill.conf" >&2; cat "$nginx_dir/test.log" >&2; fail "nginx -t refused the doc's block"; }
nginx -p "$nginx_dir" -c "$nginx_dir/nginx.conf" 2>"$nginx_dir/logs/stderr.log" &
proxy=$!
base="https://localhost:$https_port"
curl_tls=(curl -sS --max-time 5 --cacert "$tls/ca.pem")
up=""
for _ in $(seq 1 100); do
    "${curl_tls[@]}" -o /dev/null "$base/healthz" 2>/dev/null && { up=1; break; }
    kill -0 "$proxy" 2>/dev/null || { cat "$nginx_dir/logs/"*.log >&2; fail "nginx stopped at start"; }
    sleep 0.1
done
[ -n "$up" ] || { cat "$nginx_dir/logs/"*.log >&2; fail "nginx did not answer on $base within 10 s"; }
step "nginx terminating TLS on 127.0.0.1:$https_port with docs/deploy.md's block"

# 4. What curl sees through the proxy.
health="$("${curl_tls[@]}" -w ' %{http_code}' "$base/healthz")" || fail "curl --cacert $base/healthz failed"
[[ "$health" == *" 200" ]] || fail "GET /healthz through the proxy answered '$health', not 200"
metrics="$("${curl_tls[@]}" -o /dev/null -w '%{http_code}' "$base/metrics")" || fail "curl $base/metrics failed"
[ "$metrics" = 404 ] || fail "GET /metrics through the proxy answered $metrics; the doc's block hides it (404)"
redirect="$(curl -sS --max-time 5 -o /dev/null -w '%{http_code} %{redirect_url}' "http://localhost:$http_port/healthz")" \
    || fail "curl http://localhost:$http_port/healthz failed"
[[ "$redirect" == "301 https://localhost/healthz" ]] || fail "the port-80 block answered '$redirect', not a 301 to https"
if curl -sS --max-time 5 -o /dev/null "$base/healthz" 2>/dev/null; then
    fail "curl without --cacert trusted the test certificate: the test CA leaked into the system store"
fi
step "curl --cacert: /healthz 200, /metrics 404, http:// redirected to https://"
forwarded="$("${curl_tls[@]}" --fail "https://localhost:$echo_https_port/v1/notes")" \
    || fail "curl through the block to the header-echo backend failed"
for header in "Host: localhost" "X-Forwarded-Proto: https" "X-Forwarded-For: 127.0.0.1"; do
    [ "$(grep -i "^${header%%:*}:" <<<"$forwarded")" = "$header" ] || fail "the doc's block did not forward exactly '$header'; the backend got: $forwarded"
done
step "the block forwards Host, X-Forwarded-Proto: https and X-Forwarded-For"
# client_max_body_size 4m: a note with the largest body the API takes (1 MiB) is over nginx's
# default 1 MiB limit once in JSON, and must reach the server; a 3 MiB body must be the server's 413.
python3 -c 'import json; print(json.dumps({"title": "Largest", "body": "a" * 1048576}))' >"$scratch/largest.json"
python3 -c 'print("{\"title\": \"Too large\", \"body\": \"" + "a" * 3145728 + "\"}")' >"$scratch/too-large.json"
post() { "${curl_tls[@]}" -o "$scratch/post.out" -w '%{http_code}' -H "Authorization: Bearer $token" \
    -H 'Content-Type: application/json' --data-binary "@$1" "$base/v1/notes"; }
largest="$(post "$scratch/largest.json")" || fail "curl could not post the largest note through the proxy"
[ "$largest" = 201 ] || fail "a note with a 1 MiB body through the proxy got $largest, not 201"
too_large="$(post "$scratch/too-large.json")" || fail "curl could not post a 3 MiB body through the proxy"
[ "$too_large" = 413 ] || fail "a 3 MiB body through the proxy got $too_large, not quill-server's 413"
grep -q '"code"' "$scratch/post.out" || fail "the 413 for a 3 MiB body came from nginx, not quill-server: $(cat "$scratch/post.out")"
step "through the proxy: a 1 MiB note is taken (201), a 3 MiB body is quill-server's 413"

# 4b. An event stream through the proxy: an event arrives at once (nginx does not buffer it:
# quill-server says X-Accel-Buffering: no), and the stream stays open.
events="$scratch/events.out"
curl -sS -N --cacert "$tls/ca.pem" -H "Authorization: Bearer $token" "$base/v1/events" >"$events" 2>&1 &
stream=$!
for _ in $(seq 1 50); do grep -q '^event: ready' "$events" && break; sleep 0.1; done
grep -q '^event: ready' "$events" || { cat "$events" >&2; kill "$stream"; fail "the event stream through the proxy did not open"; }
post_started="$(date +%s%N)"
echo '{"title": "Live through nginx"}' >"$scratch/live.json"
[ "$(post "$scratch/live.json")" = 201 ] || { kill "$stream"; fail "could not post a note through the proxy"; }
for _ in $(seq 1 100); do grep -q 'Live through nginx' "$events" && break; sleep 0.02; done
grep -q 'Live through nginx' "$events" || { cat "$events" >&2; kill "$stream"; fail "the note's event did not come through the proxy within 2 s (buffered?)"; }
arrived_ms=$(( ($(date +%s%N) - post_started) / 1000000 ))
kill -0 "$stream" 2>/dev/null || fail "the event stream through the proxy closed"
kill "$stream"; wait "$stream" 2>/dev/null || true
step "an event went through nginx at once (${arrived_ms} ms after the POST began), unbuffered"

# 5. Two quill homes sync through the proxy; only they see the test CA, in a private mount namespace.
trusting_test_ca() {
    timeout 20 unshare --mount --propagation private \
        sh -c 'mount --bind "$0" /etc/ssl/certs/ca-certificates.crt && exec "$@"' "$tls/ca-certificates.crt" "$@"
}
quill() { # $1: home name
    local home="$scratch/home/$1"; shift
    mkdir -p "$home"
    trusting_test_ca env -u QUILL_SERVER -u QUILL_TOKEN -u XDG_DATA_HOME HOME="$home" \
        QUILL_HOME="$home/data" XDG_CONFIG_HOME="$home/config" "$quill_binary" "$@"
}
out="$scratch/quill.out"
# Outside the namespace quill must not trust the test certificate: it does check certificates.
if timeout 20 env -u QUILL_SERVER -u QUILL_TOKEN -u XDG_DATA_HOME HOME="$scratch/home/untrusting" \
        QUILL_HOME="$scratch/home/untrusting/data" XDG_CONFIG_HOME="$scratch/home/untrusting/config" \
        "$quill_binary" login --server "$base" --token "$token" >"$out" 2>&1; then
    fail "quill login trusted the test certificate without the test CA: certificates are not checked"
fi
grep -q "is not trusted on this machine" "$out" || { cat "$out" >&2; fail "an untrusted certificate was not reported as such"; }
step "without the test CA quill refuses the proxy: $(head -n 1 "$out")"
for home in laptop desktop; do
    quill "$home" login --server "$base" --token "$token" >"$out" 2>&1 \
        || { cat "$out" >&2; fail "quill login --server $base failed ($home)"; }
done
quill laptop add "Behind nginx" --body "synced over TLS" >"$out" 2>&1 || { cat "$out" >&2; fail "quill add failed"; }
quill laptop sync >"$out" 2>&1 || { cat "$out" >&2; fail "quill sync failed (laptop)"; }
quill desktop sync >"$out" 2>&1 || { cat "$out" >&2; fail "quill sync failed (desktop)"; }
quill desktop list >"$out" 2>&1 || { cat "$out" >&2; fail "quill list failed (desktop)"; }
grep -q "Behind nginx" "$out" || { cat "$out" >&2; fail "the desktop does not list the note synced through the proxy"; }
step "a note went from one home to another over https:// through nginx"

# 6. Plain http:// to the TLS port is refused clearly (nginx answers 400), and nothing is saved.
if quill plain login --server "http://localhost:$https_port" --token "$token" >"$out" 2>&1; then
    cat "$out" >&2; fail "quill login with http:// to the TLS port succeeded"
fi
[ -s "$out" ] || fail "quill login with http:// to the TLS port failed without saying why"
grep -qi 'error\|fail\|refus\|could not\|400' "$out" || { cat "$out" >&2; fail "the http:// login failure does not say what went wrong"; }
[ ! -e "$scratch/home/plain/config/quill" ] || [ -z "$(ls -A "$scratch/home/plain/config/quill")" ] \
    || fail "a refused login saved credentials anyway"
step "http:// to the TLS port refused: $(head -n 1 "$out")"

[ "$(sha256sum "$system_bundle")" = "$system_bundle_sum" ] || fail "the system CA bundle changed during the test"

# 7. The proxy's request log shows the quill traffic went through it, and nothing went wrong.
grep -q '"POST /v1/\|"PUT /v1/\|"GET /v1/' "$nginx_dir/logs/access.log" \
    || { cat "$nginx_dir/logs/access.log" >&2; fail "nginx logged no /v1/ request"; }
if grep -q -i -E 'error|critical' "$server_log"; then cat "$server_log" >&2; fail "quill-server logged errors"; fi
echo "tls proxy of docs/deploy.md: nginx terminates TLS and quill syncs through it"
