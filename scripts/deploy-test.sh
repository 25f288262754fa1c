#!/usr/bin/env bash
# npm run test:deploy: what we ship, run (decision 134). Builds the base images and the seven
# deployables' images with podman, brings the whole system up from docker-compose.yml with Docker's
# compose CLI talking to podman's Docker-compatible API, drives the product through the composed
# gateway (browser smoke test, the trace in Jaeger, the k6 generation scenario, a crash of every
# service container under load, throughput against a bare Koa container), tears it down, then runs
# the Helm chart's pods with `podman kube play` until each is ready by its own probes, and checks
# that nothing is left running. Every stage prints its time; any failure exits non-zero.
#
#   scripts/deploy-test.sh            everything
#   scripts/deploy-test.sh up         only bring the composed system up from the images built last
#                                     (gateway on 127.0.0.1:13000, Jaeger on 16687, Mailpit on 18025);
#                                     `down` removes it
#   scripts/deploy-test.sh down       remove whatever a run left behind
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INFRA_DIR="${VP_INFRA_DIR:-$ROOT/.infra}"
BIN="$INFRA_DIR/bin"
LOGS="$INFRA_DIR/logs"
RUN="$INFRA_DIR/run"
DEPLOY="$INFRA_DIR/deploy"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/podman/containers.conf}"
export VP_INFRA_DIR="$INFRA_DIR"

PROJECT=valueproof-deploy
GATEWAY_PORT="${DEPLOY_GATEWAY_PORT:-13000}"
JAEGER_PORT="${DEPLOY_JAEGER_PORT:-16687}"
# Not 8025: the tests' own Mailpit (scripts/infra.sh) has it.
MAILPIT_PORT="${DEPLOY_MAILPIT_PORT:-18025}"
SOCKET="$RUN/podman.sock"
export DOCKER_HOST="unix://$SOCKET"
export GATEWAY_URL="http://127.0.0.1:$GATEWAY_PORT"
export JAEGER_URL="http://127.0.0.1:$JAEGER_PORT"

step="start"
trap 'status=$?; if [ $status -ne 0 ]; then echo "deploy: FAILED at step: $step (exit $status)" >&2; teardown >/dev/null 2>&1 || true; fi' EXIT
say() { printf 'deploy: %s\n' "$*"; }
fail() { echo "deploy: $*" >&2; exit 1; }
compose() { "$BIN/docker-compose" -p "$PROJECT" --env-file "$DEPLOY/.env" -f "$ROOT/docker-compose.yml" "$@"; }
timed() { # timed <label> <command...>: runs a stage and prints how long it took
  local label="$1" started=$SECONDS
  shift
  step="$label"
  say "── $label"
  "$@"
  say "── $label: $((SECONDS - started)) s"
  echo "$label $((SECONDS - started))" >>"$DEPLOY/timings"
}
tsx() { (cd "$ROOT" && node --import tsx "$@"); }

# podman's Docker-compatible API, for the compose CLI.
api_up() {
  mkdir -p "$RUN" "$LOGS"
  [ -S "$SOCKET" ] && curl -fsS --unix-socket "$SOCKET" http://d/_ping >/dev/null 2>&1 && return 0
  rm -f "$SOCKET"
  setsid nohup podman system service --time=0 "unix://$SOCKET" >"$LOGS/podman-service.log" 2>&1 </dev/null &
  echo $! >"$RUN/podman-service.pid"
  for _ in $(seq 1 40); do curl -fsS --unix-socket "$SOCKET" http://d/_ping >/dev/null 2>&1 && return 0; sleep 0.25; done
  fail "podman system service did not answer on $SOCKET (log $LOGS/podman-service.log)"
}

# podman runs a container's health check from a systemd timer; a machine without systemd (this one,
# CI's) has none, so this loop runs each running container's check every 2 s, as the timer would.
# Compose's `depends_on: condition: service_healthy` and `up --wait` read the status it records.
health_driver_up() {
  [ -f "$RUN/health-driver.pid" ] && kill -0 "$(cat "$RUN/health-driver.pid")" 2>/dev/null && return 0
  setsid nohup bash -c '
    while sleep 2; do
      for id in $(podman ps -q --filter health=starting) $(podman ps -q --filter health=healthy) $(podman ps -q --filter health=unhealthy); do
        podman healthcheck run "$id" >/dev/null 2>&1 &
      done
      wait
    done' >"$LOGS/health-driver.log" 2>&1 </dev/null &
  echo $! >"$RUN/health-driver.pid"
}

stop_pidfile() {
  local file="$RUN/$1.pid"
  [ -f "$file" ] || return 0
  kill -TERM -- "-$(cat "$file")" 2>/dev/null || kill -TERM "$(cat "$file")" 2>/dev/null || true
  rm -f "$file"
}

# Every variable docker-compose.yml reads, generated: the images built here, random local passwords,
# the built-in test-mode checkout, ports that do not clash with `npm start`.
write_env() {
  mkdir -p "$DEPLOY"
  local password minio_password
  password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  minio_password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  {
    echo "# Written by scripts/deploy-test.sh for one run; not kept."
    "$ROOT/scripts/images.sh" env
    cat <<ENV
GATEWAY_PORT=$GATEWAY_PORT
JAEGER_UI_PORT=$JAEGER_PORT
MAILPIT_UI_PORT=$MAILPIT_PORT
PUBLIC_ORIGIN=$GATEWAY_URL
POSTGRES_PASSWORD=$password
MINIO_ROOT_USER=valueproof
MINIO_ROOT_PASSWORD=$minio_password
S3_BUCKET=valueproof
LOG_LEVEL=info
GATEWAY_SIGNING_KEY=
ACCESS_CODE_KEY=
ADDRESS_HASH_KEY=
OPENAI_API_KEY=
OPENAI_BASE_URL=
OPENAI_MODEL=gpt-4o-mini
STRIPE_SECRET_KEY=
STRIPE_WEBHOOK_SECRET=
STRIPE_PRICE_ID=
PAYMENTS_TEST_MODE=true
ANALYTICS_RAW_RETENTION_DAYS=90
ANALYTICS_OPERATOR_TOKEN=
REGISTRATIONS_PER_ADDRESS_PER_HOUR=100000
SMTP_URL=
MAIL_FROM=
ENV
  } >"$DEPLOY/.env"
  # Every ${VAR} of the compose file has a line (a variable added there without one fails here).
  local name missing=()
  # ($${…} is compose's escape for the container's own shell: not read from .env.)
  for name in $(grep -oE '(^|[^$])\$\{[A-Z_][A-Z0-9_]*' "$ROOT/docker-compose.yml" | sed 's/.*{//' | sort -u); do
    grep -q "^$name=" "$DEPLOY/.env" || missing+=("$name")
  done
  [ ${#missing[@]} -eq 0 ] || fail "docker-compose.yml reads ${missing[*]}, which the generated .env does not set"
  say "wrote $DEPLOY/.env ($(grep -c '=' "$DEPLOY/.env") variables)"
}

images() {
  "$ROOT/scripts/images.sh" app
  say "image sizes:"
  "$ROOT/scripts/images.sh" sizes | sed 's/^/deploy:   /'
  tsx tests/deploy/containers/image-contents.ts
}

compose_up() {
  api_up
  health_driver_up
  compose up -d --no-build --pull never --wait --wait-timeout 300 >"$LOGS/compose-up.log" 2>&1 \
    || { tail -n 40 "$LOGS/compose-up.log" >&2; compose ps -a >&2 || true; fail "compose up did not reach healthy (log $LOGS/compose-up.log)"; }
  compose ps --format 'table {{.Service}}\t{{.Status}}' | sed 's/^/deploy:   /'
}

smoke() {
  (cd "$ROOT" && npx playwright test -c tests/deploy/containers/playwright.config.ts)
  tsx tests/deploy/containers/trace.ts
  # The uploaded PDF is in the MinIO container's bucket.
  local objects
  objects="$(compose exec -T minio sh -c 'mc alias set here http://127.0.0.1:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null && mc ls --recursive here/"${S3_BUCKET:-valueproof}"' | wc -l)"
  [ "$objects" -gt 0 ] || fail "the MinIO container's bucket is empty after the upload"
  say "MinIO container holds $objects objects"
}

containers_vitest() { # containers_vitest <file>: one of tests/deploy/containers' tests against the composed system
  (cd "$ROOT" && npx vitest run -c tests/deploy/containers/vitest.config.ts "$1")
}

generation_load() {
  (cd "$ROOT" && node --import tsx tests/load/run.ts --target composed --script generation --profile full --env RATE=4 --env HOLD_SECONDS=30)
}

teardown() {
  if [ -S "$SOCKET" ] && [ -f "$DEPLOY/.env" ]; then compose down -v --remove-orphans -t 10 >"$LOGS/compose-down.log" 2>&1 || true; fi
  "$ROOT/scripts/kube-play.sh" down >/dev/null 2>&1 || true
  stop_pidfile health-driver
  stop_pidfile podman-service
  rm -f "$SOCKET"
}

nothing_left() {
  local left
  left="$(podman ps -a --format '{{.Names}}' | grep -E "^$PROJECT|^valueproof" || true)"
  [ -z "$left" ] || fail "containers left after teardown: $left"
  left="$(podman pod ps --format '{{.Name}}' | grep -E '^valueproof' || true)"
  [ -z "$left" ] || fail "pods left after teardown: $left"
  say "nothing left running"
}

main() {
  mkdir -p "$DEPLOY" "$LOGS" "$RUN"
  : >"$DEPLOY/timings"
  case "${1:-all}" in
    down) teardown; nothing_left; step="done"; return 0 ;;
    up) write_env; timed "compose up" compose_up; step="done"; trap - EXIT; return 0 ;;
    all) ;;
    *) echo "usage: scripts/deploy-test.sh [up|down]" >&2; exit 2 ;;
  esac
  teardown
  timed "base images" bash "$ROOT/scripts/infra.sh" containers
  timed "seven images" images
  write_env
  timed "compose up" compose_up
  timed "browser smoke test and trace" smoke
  timed "k6 generation scenario" generation_load
  timed "throughput against bare Koa" containers_vitest tests/deploy/containers/throughput.test.ts
  timed "crash of each service under load" containers_vitest tests/deploy/containers/crash.test.ts
  timed "teardown" teardown
  timed "chart pods (kube play)" "$ROOT/scripts/kube-play.sh" up
  "$ROOT/scripts/kube-play.sh" down
  nothing_left
  say "timings (s):"
  sed 's/^/deploy:   /' "$DEPLOY/timings"
  step="done"
}

main "$@"
