#!/usr/bin/env bash
# The project's infrastructure for tests and benchmarks: installs and starts the real components.
#
#   scripts/infra.sh up       install what is missing, start what is down (idempotent)
#   scripts/infra.sh down     stop the servers this script started (data folders are kept)
#   scripts/infra.sh status   what is installed and what listens where
#   scripts/infra.sh tools    only build the Go tools (nats-server, minio, mc, stripe-mock, helm, k6, kubeconform, tools/*)
#   scripts/infra.sh env      print the addresses the tests read, as shell exports
#   scripts/infra.sh containers  podman, the Go tools and the base images (scripts/images.sh base)
#
# Debian packages (PostgreSQL, Chromium, poppler-utils) come from apt; the servers and tools come
# from the Go module proxy, built with `go install` at the versions pinned below into
# $VP_INFRA_DIR/bin (default .infra/bin, git-ignored) and reused while their version stamp matches.
# Each server keeps its data in $VP_INFRA_DIR/data/<name> and logs to $VP_INFRA_DIR/logs/<name>.log.
# Every failure exits non-zero naming the step. See docs/decisions/080-infrastructure-script.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INFRA_DIR="${VP_INFRA_DIR:-$ROOT/.infra}"
BIN="$INFRA_DIR/bin"
DATA="$INFRA_DIR/data"
LOGS="$INFRA_DIR/logs"
RUN="$INFRA_DIR/run"

# Pinned tools: name | module path with command | version | extra linker flags (the version stamp
# a release build sets; without it helm calls itself "v3.22").
TOOLS=(
  "nats-server|github.com/nats-io/nats-server/v2|v2.15.2|"
  "minio|github.com/minio/minio|v0.0.0-20260212201848-7aac2a2c5b7c|"
  "mc|github.com/minio/mc|v0.0.0-20250313080218-cf909e1063a9|"
  "stripe-mock|github.com/stripe/stripe-mock|v0.203.0|"
  "helm|helm.sh/helm/v3/cmd/helm|v3.22.0|-X helm.sh/helm/v3/internal/version.version=v3.22.0"
  "k6|go.k6.io/k6|v1.8.1|"
  "kubeconform|github.com/yannh/kubeconform/cmd/kubeconform|v0.8.0|"
  "mailpit|github.com/axllent/mailpit|v1.33.1|-X github.com/axllent/mailpit/config.Version=v1.33.1"
)
DEBIAN_PACKAGES=(postgresql chromium poppler-utils)
# The deploy test's containers (npm run test:deploy): podman with runc (Debian's default crun fails on
# this kind of machine), netavark's bridge (iptables), catatonit (the pause image of kube play's pods)
# and mmdebstrap for the base images.
CONTAINER_PACKAGES=(podman runc netavark aardvark-dns iptables uidmap catatonit mmdebstrap)

PG_PORT=5432
NATS_PORT=4222
MINIO_PORT=9000
MINIO_CONSOLE_PORT=9001
STRIPE_MOCK_PORT=12111
STRIPE_MOCK_HTTPS_PORT=12112
MAILPIT_SMTP_PORT=1025
MAILPIT_HTTP_PORT=8025
MINIO_ROOT_USER="${MINIO_ROOT_USER:-valueproof}"
MINIO_ROOT_PASSWORD="${MINIO_ROOT_PASSWORD:-valueproof-test-secret}"

step="start"
trap 'status=$?; if [ $status -ne 0 ]; then echo "infra: FAILED at step: $step (exit $status)" >&2; fi' EXIT
say() { printf 'infra: %s\n' "$*"; }
fail() { echo "infra: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() { # wait_port <port> <name> <log>
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  [ -f "${3:-}" ] && tail -n 20 "$3" >&2
  fail "$2 did not open 127.0.0.1:$1 within 30 s"
}

# ---------------------------------------------------------------------------------------------
# Go tools
# ---------------------------------------------------------------------------------------------
tool_field() { echo "$1" | cut -d'|' -f$(($2 + 1)); }

build_tool() { # build_tool "<name>|<module>|<version>|<ldflags>"
  local name module version ldflags stamp started
  name="$(tool_field "$1" 0)"; module="$(tool_field "$1" 1)"; version="$(tool_field "$1" 2)"; ldflags="$(tool_field "$1" 3)"
  stamp="$BIN/.$name.version"
  if [ -x "$BIN/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$module@$version $ldflags" ]; then
    say "$name $version: present ($BIN/$name)"
    return 0
  fi
  step="go install $module@$version"
  command -v go >/dev/null 2>&1 || fail "Go is not installed; $name needs 'go install' (step: $step)"
  say "$name $version: building with go install (minutes the first time, seconds from Go's build cache)"
  started=$SECONDS
  # GOTOOLCHAIN=local: build with this machine's Go instead of downloading the toolchain a module names.
  GOBIN="$BIN" GOTOOLCHAIN=local GOFLAGS="${GOFLAGS:-} -buildvcs=false" CGO_ENABLED=0 \
    go install -trimpath -ldflags="-s -w $ldflags" "$module@$version" >"$LOGS/build-$name.log" 2>&1 \
    || { tail -n 30 "$LOGS/build-$name.log" >&2; fail "building $name failed (step: $step; log $LOGS/build-$name.log)"; }
  echo "$module@$version $ldflags" >"$stamp"
  say "$name $version: built in $((SECONDS - started)) s ($BIN/$name)"
}

build_tools() {
  mkdir -p "$BIN" "$LOGS"
  local started=$SECONDS tool
  for tool in "${TOOLS[@]}"; do build_tool "$tool"; done
  build_project_tools
  say "Go tools ready in $((SECONDS - started)) s"
}

# The project's own Go programs, one module per folder of tools/, built into $BIN/<folder> and
# rebuilt when the folder's go.mod, go.sum or *.go files change. A folder with *.go files is a program
# of ours (compose-check: docker-compose.yml loaded by compose-go; dockerfile-check: the Dockerfile
# converted by BuildKit's frontend; otelcol-check: the OpenTelemetry Collector compose runs, which
# also validates its configuration). A folder with only a go.mod names an upstream program in its
# `tool` line, pinned with all its dependencies by go.sum (jaeger; docker-compose, the compose CLI
# the deploy test drives podman with): `go install` refuses those modules (replace directives).
build_project_tools() {
  local source name stamp hash target go_files started
  for source in "$ROOT"/tools/*/; do
    source="${source%/}"; name="$(basename "$source")"; stamp="$BIN/.$name.version"
    [ -f "$source/go.mod" ] || continue
    mapfile -t go_files < <(compgen -G "$source/*.go" || true)
    hash="$(cat "$source/go.mod" "$source/go.sum" "${go_files[@]}" | sha256sum | cut -c1-16)"
    if [ -x "$BIN/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ]; then
      say "$name: present ($BIN/$name)"
      continue
    fi
    target=.
    [ ${#go_files[@]} -gt 0 ] || target="$(sed -n 's/^tool //p' "$source/go.mod" | head -n 1)"
    [ -n "$target" ] || fail "tools/$name has neither Go files nor a tool line in go.mod"
    step="go build tools/$name ($target)"
    command -v go >/dev/null 2>&1 || fail "Go is not installed; $name needs 'go build' (step: $step)"
    say "$name: building tools/$name (minutes the first time)"
    started=$SECONDS
    (cd "$source" && GOTOOLCHAIN=local GOFLAGS="${GOFLAGS:-} -buildvcs=false" CGO_ENABLED=0 \
      go build -trimpath -ldflags="-s -w" -o "$BIN/$name" "$target") >"$LOGS/build-$name.log" 2>&1 \
      || { tail -n 30 "$LOGS/build-$name.log" >&2; fail "building $name failed (step: $step; log $LOGS/build-$name.log)"; }
    echo "$hash" >"$stamp"
    say "$name: built in $((SECONDS - started)) s ($BIN/$name, sources $hash)"
  done
}

# ---------------------------------------------------------------------------------------------
# Debian packages
# ---------------------------------------------------------------------------------------------
package_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

install_debian_packages() { # install_debian_packages <package>...
  local missing=() package
  for package in "$@"; do package_installed "$package" || missing+=("$package"); done
  if [ ${#missing[@]} -eq 0 ]; then
    say "Debian packages present: $*"
    return 0
  fi
  step="apt-get install ${missing[*]}"
  command -v apt-get >/dev/null 2>&1 || fail "apt-get is missing: install ${missing[*]} by hand (step: $step)"
  say "installing Debian packages: ${missing[*]}"
  local started=$SECONDS
  as_root apt-get update -qq >"$LOGS/apt.log" 2>&1 || { tail -n 20 "$LOGS/apt.log" >&2; fail "apt-get update failed"; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$LOGS/apt.log" 2>&1 \
    || { tail -n 20 "$LOGS/apt.log" >&2; fail "apt-get install ${missing[*]} failed (log $LOGS/apt.log)"; }
  say "installed ${missing[*]} in $((SECONDS - started)) s"
}

# ---------------------------------------------------------------------------------------------
# PostgreSQL (Debian's cluster, trust authentication on loopback, the `test` database)
# ---------------------------------------------------------------------------------------------
psql_loopback() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -w -d postgres -tAq "$@"; }

pg_cluster_version() { ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1; }

pg_trust_loopback() { # trust for loopback connections, ahead of every other rule
  local version hba
  version="$(pg_cluster_version)"; hba="/etc/postgresql/$version/main/pg_hba.conf"
  [ -f "$hba" ] || fail "PostgreSQL on $PG_PORT refuses user postgres without a password, and $hba is not ours to change"
  step="trust authentication for 127.0.0.1 in $hba"
  say "setting trust authentication for loopback in $hba (local test use only)"
  as_root sed -i '1i host all all 127.0.0.1/32 trust # valueproof infra: local tests\nhost all all ::1/128 trust # valueproof infra: local tests' "$hba"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload
}

postgres_up() {
  step="PostgreSQL"
  local version
  if port_open "$PG_PORT"; then
    say "PostgreSQL: reusing the server on 127.0.0.1:$PG_PORT"
  else
    version="$(pg_cluster_version)"
    [ -n "$version" ] || fail "no PostgreSQL cluster in /etc/postgresql after installing postgresql"
    step="pg_ctlcluster $version main start"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start \
      || fail "could not start PostgreSQL $version (see /var/log/postgresql/postgresql-$version-main.log)"
    wait_port "$PG_PORT" PostgreSQL "/var/log/postgresql/postgresql-$version-main.log"
    say "PostgreSQL $version: started on 127.0.0.1:$PG_PORT (data /var/lib/postgresql/$version/main)"
  fi
  if ! psql_loopback -c 'SELECT 1' >/dev/null 2>&1; then
    pg_trust_loopback
    for _ in $(seq 1 20); do psql_loopback -c 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.25; done
    psql_loopback -c 'SELECT 1' >/dev/null || fail "PostgreSQL still asks user postgres for a password on 127.0.0.1"
  fi
  step="CREATE DATABASE test"
  if [ "$(psql_loopback -c "SELECT 1 FROM pg_database WHERE datname = 'test'")" != 1 ]; then
    psql_loopback -c 'CREATE DATABASE test' >/dev/null
    say "PostgreSQL: created database test"
  fi
}

# ---------------------------------------------------------------------------------------------
# Servers built from Go modules: each on loopback, with its own data folder, log and pid file
# ---------------------------------------------------------------------------------------------
start_daemon() { # start_daemon <name> <port> [ENV=value ...] -- <command> [args...]
  local name="$1" port="$2" log="$LOGS/$1.log"; shift 2
  local env_args=()
  while [ "$1" != -- ]; do env_args+=("$1"); shift; done; shift
  step="start $name"
  mkdir -p "$RUN" "$DATA/$name"
  # setsid: the server outlives this script and the npm command that ran it.
  env "${env_args[@]}" setsid nohup "$@" >"$log" 2>&1 </dev/null &
  echo $! >"$RUN/$name.pid"
  wait_port "$port" "$name" "$log"
}

nats_info() { # the INFO line nats-server sends to every new connection
  local line=""
  exec 3<>"/dev/tcp/127.0.0.1/$NATS_PORT" || return 1
  IFS= read -r -t 3 line <&3 || true
  exec 3<&- 3>&-
  echo "$line"
}

nats_up() {
  local version info
  version="$(tool_field "${TOOLS[0]}" 2)"
  if ! port_open "$NATS_PORT"; then
    start_daemon nats-server "$NATS_PORT" -- "$BIN/nats-server" -a 127.0.0.1 -p "$NATS_PORT" -js \
      -sd "$DATA/nats-server" -m 8222 --pid "$RUN/nats-server.server.pid"
    say "nats-server ${version}: started on 127.0.0.1:$NATS_PORT with JetStream (data $DATA/nats-server, log $LOGS/nats-server.log)"
  fi
  step="check nats-server on $NATS_PORT"
  info="$(nats_info)"
  [[ "$info" == *"\"version\":\"${version#v}\""* ]] \
    || fail "127.0.0.1:$NATS_PORT is held by another NATS server (${info:0:160}); stop it (Debian's: systemctl stop nats-server) so the tests use nats-server $version"
  [[ "$info" == *'"jetstream":true'* ]] || fail "the nats-server on $NATS_PORT runs without JetStream"
  say "nats-server ${version}: ready on 127.0.0.1:$NATS_PORT (JetStream on)"
}

minio_up() {
  if ! port_open "$MINIO_PORT"; then
    start_daemon minio "$MINIO_PORT" MINIO_ROOT_USER="$MINIO_ROOT_USER" MINIO_ROOT_PASSWORD="$MINIO_ROOT_PASSWORD" \
      MINIO_BROWSER=off MINIO_UPDATE=off -- \
      "$BIN/minio" server "$DATA/minio" --address "127.0.0.1:$MINIO_PORT" --console-address "127.0.0.1:$MINIO_CONSOLE_PORT" --quiet
    say "MinIO: started on 127.0.0.1:$MINIO_PORT (data $DATA/minio, log $LOGS/minio.log)"
  fi
  step="check MinIO on $MINIO_PORT"
  for _ in $(seq 1 40); do
    curl -fsS -o /dev/null "http://127.0.0.1:$MINIO_PORT/minio/health/ready" 2>/dev/null && break
    sleep 0.25
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$MINIO_PORT/minio/health/ready" \
    || fail "127.0.0.1:$MINIO_PORT answers, but not as a ready MinIO server"
  # A server whose data folder was deleted under it still reports ready: make and remove a bucket
  # (signature v4, the test credentials) to know it takes writes.
  step="write probe on MinIO (create and remove a bucket)"
  local probe="http://127.0.0.1:$MINIO_PORT/infra-probe-$$" sign=(--aws-sigv4 "aws:amz:us-east-1:s3" --user "$MINIO_ROOT_USER:$MINIO_ROOT_PASSWORD")
  curl -fsS -o /dev/null "${sign[@]}" -X PUT "$probe" && curl -fsS -o /dev/null "${sign[@]}" -X DELETE "$probe" \
    || fail "MinIO on 127.0.0.1:$MINIO_PORT refuses a write with the test credentials (another server, or its data folder is gone): scripts/infra.sh down, stop it, then up"
  say "MinIO: ready on 127.0.0.1:$MINIO_PORT (user $MINIO_ROOT_USER)"
}

stripe_mock_up() {
  if ! port_open "$STRIPE_MOCK_PORT"; then
    start_daemon stripe-mock "$STRIPE_MOCK_PORT" -- "$BIN/stripe-mock" \
      -http-addr "127.0.0.1:$STRIPE_MOCK_PORT" -https-addr "127.0.0.1:$STRIPE_MOCK_HTTPS_PORT"
    say "stripe-mock: started on 127.0.0.1:$STRIPE_MOCK_PORT (HTTPS $STRIPE_MOCK_HTTPS_PORT, log $LOGS/stripe-mock.log)"
  fi
  step="check stripe-mock on $STRIPE_MOCK_PORT"
  curl -fsS -o /dev/null -H 'Authorization: Bearer sk_test_123' "http://127.0.0.1:$STRIPE_MOCK_PORT/v1/customers" \
    || fail "127.0.0.1:$STRIPE_MOCK_PORT answers, but not as stripe-mock"
  say "stripe-mock: ready on 127.0.0.1:$STRIPE_MOCK_PORT"
}

# Mailpit: the SMTP server every e-mail test sends to, read back through its HTTP API. Its messages
# live in a temporary database it removes when it stops, so a restart starts with an empty inbox.
mailpit_up() {
  if ! port_open "$MAILPIT_SMTP_PORT"; then
    start_daemon mailpit "$MAILPIT_HTTP_PORT" -- "$BIN/mailpit" \
      --smtp "127.0.0.1:$MAILPIT_SMTP_PORT" --listen "127.0.0.1:$MAILPIT_HTTP_PORT" \
      --smtp-auth-allow-insecure --smtp-auth-accept-any --max 5000 --disable-version-check
    say "mailpit: started on 127.0.0.1:$MAILPIT_SMTP_PORT (SMTP) and 127.0.0.1:$MAILPIT_HTTP_PORT (HTTP, log $LOGS/mailpit.log)"
  fi
  step="check mailpit on $MAILPIT_HTTP_PORT"
  wait_port "$MAILPIT_SMTP_PORT" mailpit "$LOGS/mailpit.log"
  curl -fsS -o /dev/null "http://127.0.0.1:$MAILPIT_HTTP_PORT/api/v1/info" \
    || fail "127.0.0.1:$MAILPIT_HTTP_PORT answers, but not as Mailpit"
  say "mailpit: ready on 127.0.0.1:$MAILPIT_SMTP_PORT"
}

stop_daemon() { # stops a server only if this script started it (its pid file)
  local name="$1" pidfile="$RUN/$1.pid" pid
  [ -f "$pidfile" ] || { say "$name: not started by this script"; return 0; }
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    say "$name: stopped (pid $pid)"
  else
    say "$name: was not running"
  fi
  rm -f "$pidfile"
}

# ---------------------------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------------------------
print_env() {
  cat <<ENV
export TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:$PG_PORT/postgres
export TEST_NATS_URL=nats://127.0.0.1:$NATS_PORT
export NATS_SERVER_BIN=$BIN/nats-server
export TEST_S3_ENDPOINT=http://127.0.0.1:$MINIO_PORT
export TEST_S3_ACCESS_KEY=$MINIO_ROOT_USER
export TEST_S3_SECRET_KEY=$MINIO_ROOT_PASSWORD
export TEST_STRIPE_MOCK_URL=http://127.0.0.1:$STRIPE_MOCK_PORT
export TEST_SMTP_URL=smtp://127.0.0.1:$MAILPIT_SMTP_PORT
export TEST_MAILPIT_URL=http://127.0.0.1:$MAILPIT_HTTP_PORT
export HELM_BIN=$BIN/helm
export K6_BIN=$BIN/k6
export KUBECONFORM_BIN=$BIN/kubeconform
export COMPOSE_CHECK_BIN=$BIN/compose-check
export DOCKERFILE_CHECK_BIN=$BIN/dockerfile-check
export OTELCOL_CHECK_BIN=$BIN/otelcol-check
ENV
}

status() {
  local tool name
  for tool in "${TOOLS[@]}"; do
    name="$(tool_field "$tool" 0)"
    if [ -x "$BIN/$name" ]; then say "$name: $(cat "$BIN/.$name.version" 2>/dev/null) at $BIN/$name"; else say "$name: not built"; fi
  done
  for name in postgres:$PG_PORT nats-server:$NATS_PORT minio:$MINIO_PORT stripe-mock:$STRIPE_MOCK_PORT mailpit:$MAILPIT_SMTP_PORT; do
    if port_open "${name#*:}"; then say "${name%%:*}: listening on 127.0.0.1:${name#*:}"; else say "${name%%:*}: down (127.0.0.1:${name#*:})"; fi
  done
  for name in "${DEBIAN_PACKAGES[@]}"; do
    if package_installed "$name"; then say "Debian $name: installed"; else say "Debian $name: missing"; fi
  done
}

up() {
  local started=$SECONDS
  mkdir -p "$BIN" "$DATA" "$LOGS" "$RUN"
  install_debian_packages "${DEBIAN_PACKAGES[@]}"
  build_tools
  postgres_up
  nats_up
  minio_up
  stripe_mock_up
  mailpit_up
  say "up in $((SECONDS - started)) s; chromium at $(command -v chromium), helm at $BIN/helm, k6 at $BIN/k6"
}

down() {
  stop_daemon mailpit
  stop_daemon stripe-mock
  stop_daemon minio
  stop_daemon nats-server
  say "PostgreSQL is Debian's cluster and keeps running (pg_ctlcluster $(pg_cluster_version) main stop stops it)"
}

# What the deploy test needs beyond `up`: podman and the base images (scripts/images.sh base).
containers() {
  mkdir -p "$BIN" "$LOGS"
  # Chromium too: the deploy test drives the composed product with a browser.
  install_debian_packages "${DEBIAN_PACKAGES[@]}" "${CONTAINER_PACKAGES[@]}"
  build_tools
  step="scripts/images.sh base"
  "$ROOT/scripts/images.sh" base
}

main() {
  case "${1:-}" in
    up) up ;;
    containers) containers ;;
    down) down ;;
    status) status ;;
    tools) build_tools ;;
    env) print_env ;;
    *) echo "usage: scripts/infra.sh up|down|status|tools|env|containers" >&2; exit 2 ;;
  esac
  step="done"
}

main "$@"
