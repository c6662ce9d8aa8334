#!/usr/bin/env bash
# apolo serve reached from another host: two network namespaces joined by a veth pair (10.77.N.1 serves,
# 10.77.N.2 is the client). Checked: --listen answers the other host and refuses what it must (no token, a foreign
# Host, a foreign Origin, a reviewer reaching past their share); the default (loopback) is not reachable from there;
# and docs/nginx-apolo.conf in front of a loopback apolo serves a share to the other host under a public name, with
# no token in nginx's log; HTTPS with --cert/--key, its cookie Secure. Needs root (ip netns); skipped otherwise.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
APOLO=${APOLO_BIN:-$ROOT/.build/debug/apolo}
SAMPLES=${SAMPLES:-$ROOT/.build/debug/make-sample-photos}
if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null; then echo "netns: skipped (needs root and iproute2)"; exit 0; fi
N=$(( $$ % 200 + 20 )); S=apolo-s$N; C=apolo-c$N; T=$(mktemp -d /tmp/apolo-netns.XXXXXX)
export APOLO_HOME=$T/home
cleanup() {
    for pid in $(cat "$T/pids" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
    [ -f "$T/nginx.pid" ] && kill "$(cat "$T/nginx.pid")" 2>/dev/null || true
    ip netns del "$S" 2>/dev/null || true
    ip netns del "$C" 2>/dev/null || true
    rm -rf "$T"
}
trap cleanup EXIT
fail() { echo "netns: FAILED: $*" >&2; exit 1; }
if ! ip netns add "$S" 2>"$T/netns.err"; then
    echo "netns: skipped (this machine does not let root make network namespaces: $(cat "$T/netns.err"))"
    exit 0
fi
ip netns add "$C"
ip link add "vs$N" type veth peer name "vc$N"
ip link set "vs$N" netns "$S"; ip link set "vc$N" netns "$C"
ip -n "$S" addr add "10.77.$N.1/24" dev "vs$N"; ip -n "$C" addr add "10.77.$N.2/24" dev "vc$N"
for ns in "$S" "$C"; do ip -n "$ns" link set lo up; done
ip -n "$S" link set "vs$N" up; ip -n "$C" link set "vc$N" up
HOST=10.77.$N.1

"$SAMPLES" "$T/photos" >/dev/null
"$APOLO" project new trip >/dev/null
"$APOLO" import --quiet --no-analyze "$T/photos/lisbon"
"$APOLO" shelf create best >/dev/null
for _ in 1 2 3; do "$APOLO" slide move table:1 --to best >/dev/null; done
"$APOLO" share create best --title "Proofs" >/dev/null
KEY=$("$APOLO" share show 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["link"].split("#")[1])')
PHOTO=$("$APOLO" shelf show best --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')

# serve NAMESPACE ARGS...: starts apolo serve there; prints its first line (the owner's address)
serve() {
    local ns=$1; shift
    local out=$T/serve.$RANDOM
    ip netns exec "$ns" "$APOLO" serve --no-open --no-analyze "$@" > "$out" 2>> "$T/serve.err" &
    echo $! >> "$T/pids"
    for _ in $(seq 100); do grep -q "^light table:" "$out" && break; sleep 0.1; done
    head -1 "$out" | sed 's/^light table: //'
}
client() { ip netns exec "$C" curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$@" || true; }
expect() { [ "$1" = "$2" ] || fail "$3: got $1, expected $2"; }

URL=$(serve "$S" --listen "$HOST" --port 8080)
TOKEN=${URL#*token=}
expect "$(client "http://$HOST:8080/")" 200 "the page from the other host"
expect "$(client -H "X-Apolo-Token: $TOKEN" "http://$HOST:8080/api/state")" 200 "the state with the token"
expect "$(client "http://$HOST:8080/api/state")" 403 "the state without a token"
expect "$(client -H "X-Apolo-Token: $TOKEN" -H "Host: photos.evil:8080" "http://$HOST:8080/api/state")" 421 \
    "a foreign Host (DNS rebinding)"
expect "$(client -H "X-Apolo-Token: $TOKEN" -H "Origin: http://photos.evil" -H "Content-Type: application/json" \
    -d '{"commands":[["rate","table:1","5"]]}' "http://$HOST:8080/api/run")" 403 "a change from a foreign Origin"
JAR=$T/jar
expect "$(client -c "$JAR" -H "Content-Type: application/json" -d "{\"token\":\"$KEY\"}" \
    "http://$HOST:8080/s/1/api/open")" 200 "a reviewer opens the share"
expect "$(client -b "$JAR" -H "Content-Type: application/json" -d '{"name":"Client"}' \
    "http://$HOST:8080/s/1/api/me")" 200 "the reviewer names themselves"
expect "$(client -b "$JAR" -H "Content-Type: application/json" -d "{\"photo\":\"$PHOTO\",\"on\":true}" \
    "http://$HOST:8080/s/1/api/pick")" 200 "the reviewer hearts a photo"
expect "$(client -b "$JAR" "http://$HOST:8080/api/state")" 403 "the reviewer reaches past their share"
"$APOLO" share picks 1 --json | grep -q '"Client"' || fail "the owner does not see the other host's pick"

# HTTPS: a self-signed certificate for the address; the session cookie is Secure
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$T/key.pem" -out "$T/cert.pem" \
    -days 2 -subj "/CN=$HOST" -addext "subjectAltName=IP:$HOST" 2>/dev/null
SECURE=$(serve "$S" --listen "$HOST" --port 8443 --cert "$T/cert.pem" --key "$T/key.pem")
[ "${SECURE%%://*}" = https ] || fail "the HTTPS address printed: $SECURE"
expect "$(client --cacert "$T/cert.pem" -H "X-Apolo-Token: ${SECURE#*token=}" "https://$HOST:8443/api/state")" 200 \
    "the state over HTTPS"
expect "$(client "http://$HOST:8443/api/state")" 000 "plain HTTP to the HTTPS port"
ip netns exec "$C" curl -s -D "$T/tls-headers" -o /dev/null --cacert "$T/cert.pem" -H "Content-Type: application/json" \
    -d "{\"token\":\"$KEY\"}" "https://$HOST:8443/s/1/api/open"
cookie=$(grep -i "^set-cookie:" "$T/tls-headers" || true)   # its attributes come in any order
case "$cookie" in *"Path=/s/1/"*) ;; *) fail "the session cookie is not of the share's path: $cookie" ;; esac
case "$cookie" in *"; Secure"*) ;; *) fail "the session cookie over HTTPS is not Secure: $cookie" ;; esac

serve "$S" --port 8090 >/dev/null
expect "$(client "http://$HOST:8090/")" 000 "the default (loopback) from another host"

# nginx in front of a loopback apolo, under a public name
PROXIED=$(serve "$S" --port 8095 --public-url "http://photos.test:8081")
OWNER=${PROXIED#*token=}
sed -e "s|listen 443 ssl;.*|listen $HOST:8081;|" -e "s|server_name .*;|server_name photos.test;|" \
    -e '/APOLO_CERT\|APOLO_KEY/d' -e "s|proxy_pass .*;|proxy_pass http://127.0.0.1:8095;|" \
    -e "s|/var/log/nginx/apolo.log|$T/access.log|" "$ROOT/docs/nginx-apolo.conf" > "$T/apolo.conf"
cat > "$T/nginx.conf" <<EOF
worker_processes 1;
error_log $T/error.log;
pid $T/nginx.pid;
events {}
http { access_log off; client_body_temp_path $T; proxy_temp_path $T; include $T/apolo.conf; }
EOF
ip netns exec "$S" nginx -c "$T/nginx.conf" -p "$T" || fail "nginx did not start: $(cat "$T/error.log")"
for _ in $(seq 50); do [ -f "$T/nginx.pid" ] && break; sleep 0.1; done
AT=(--resolve "photos.test:8081:$HOST")
expect "$(client "${AT[@]}" "http://photos.test:8081/s/1/")" 200 "the share's page through nginx"
expect "$(client "${AT[@]}" -c "$JAR.2" -H "Content-Type: application/json" -H "Origin: http://photos.test:8081" \
    -d "{\"token\":\"$KEY\"}" "http://photos.test:8081/s/1/api/open")" 200 "a reviewer opens it through nginx"
expect "$(client "${AT[@]}" -b "$JAR.2" "http://photos.test:8081/s/1/thumb/$PHOTO")" 200 "a thumbnail through nginx"
expect "$(client "${AT[@]}" -H "Host: other.test:8081" "http://photos.test:8081/s/1/")" 421 \
    "a name apolo was not given, through nginx"
expect "$(client "${AT[@]}" "http://photos.test:8081/thumb/$PHOTO?token=$OWNER")" 200 "the owner's picture"
grep -q "s/1/api/open" "$T/access.log" || fail "nginx logged nothing"
! grep -q "token" "$T/access.log" || fail "a token reached nginx's log"
echo "netns: another host reaches --listen (and HTTPS, its cookie Secure) and is refused what it must; nginx in front"
echo "  serves a share by name, no token in its log"
