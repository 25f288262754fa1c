#!/usr/bin/env bash
# The Helm chart's pods on this machine (decision 134): `helm template` with
# charts/valueproof/ci/podman-values.yaml, fed to `podman kube play`, each pod then judged ready by
# the probes the chart declares (tests/deploy/containers/kube-ready.ts).
#
#   scripts/kube-play.sh up      PostgreSQL, NATS and MinIO as containers, then the chart's pods
#   scripts/kube-play.sh down    removes both
#
# What podman 4.3's kube play does not honour, and how this script stands in for it:
#   - Services: the gateway reaches the services by their pods' DNS names on the podman network
#     (<deployment>-pod-0), set through gateway.env; a cluster resolves the Service names instead.
#   - StatefulSets and Jobs: PostgreSQL, NATS and MinIO run as plain containers (the chart's
#     external-infrastructure shape), and each service migrates its database at start.
#   - NetworkPolicies and Ingress are not rendered here (kubeconform validates them in the unit tests).
#   - readiness: podman runs no readiness probe; kube-ready.ts sends the chart's probes itself.
#   - Secrets: podman 4.3 stores a Secret document but reads secrets back only as JSON; kube-secret.ts
#     creates the chart's Secret as a podman secret in that shape and plays the rest.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INFRA_DIR="${VP_INFRA_DIR:-$ROOT/.infra}"
BIN="$INFRA_DIR/bin"
DEPLOY="$INFRA_DIR/deploy"
LOGS="$INFRA_DIR/logs"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/podman/containers.conf}"

NETWORK=valueproof-kube
RELEASE=valueproof
RENDERED="$DEPLOY/chart.yaml"
# What kube play gets: the rendered chart without its Secret (created as a podman secret instead).
PLAYED="$DEPLOY/chart-played.yaml"
SERVICES=(identity calculator proposal billing analytics notification)
declare -A PORTS=([identity]=4001 [calculator]=4002 [proposal]=4003 [billing]=4004 [analytics]=4005 [notification]=4006)

step="start"
trap 'status=$?; if [ $status -ne 0 ]; then echo "kube-play: FAILED at step: $step (exit $status)" >&2; fi' EXIT
say() { printf 'kube-play: %s\n' "$*"; }
fail() { echo "kube-play: $*" >&2; exit 1; }

image() { "$ROOT/scripts/images.sh" env | sed -n "s/^$1=//p"; }

wait_for() { # wait_for <what> <command...>
  local what="$1"
  shift
  for _ in $(seq 1 120); do "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
  fail "$what did not come up within 60 s"
}

infrastructure_up() {
  local password="$1" minio_password="$2"
  step="network $NETWORK"
  podman network exists "$NETWORK" || podman network create "$NETWORK" >/dev/null
  step="PostgreSQL container"
  podman run -d --name valueproof-kube-postgres --network "$NETWORK" \
    -e POSTGRES_USER=valueproof -e "POSTGRES_PASSWORD=$password" -e POSTGRES_DB=postgres \
    -v "$ROOT/deploy/postgres/create-databases.sql:/docker-entrypoint-initdb.d/10-create-databases.sql:ro" \
    "$(image POSTGRES_IMAGE)" >/dev/null
  step="NATS container"
  podman run -d --name valueproof-kube-nats --network "$NETWORK" "$(image NATS_IMAGE)" -js -sd /data -m 8222 >/dev/null
  step="MinIO container"
  podman run -d --name valueproof-kube-minio --network "$NETWORK" \
    -e MINIO_ROOT_USER=valueproof -e "MINIO_ROOT_PASSWORD=$minio_password" -e MINIO_BROWSER=off \
    "$(image MINIO_IMAGE)" server /data >/dev/null
  wait_for PostgreSQL podman exec valueproof-kube-postgres pg_isready -h 127.0.0.1 -U valueproof -d valueproof_notification
  wait_for NATS podman exec valueproof-kube-nats wget -q -O /dev/null 'http://127.0.0.1:8222/healthz?js-enabled-only=true'
  wait_for MinIO podman exec valueproof-kube-minio wget -q -O /dev/null http://127.0.0.1:9000/minio/health/ready
}

render() {
  local password="$1" minio_password="$2" service sets=()
  for service in "${SERVICES[@]}"; do
    sets+=(--set "externalDatabase.urls.$service=postgresql://valueproof:$password@valueproof-kube-postgres:5432/valueproof_$service")
    sets+=(--set "gateway.env.${service^^}_URL=http://$RELEASE-$service-pod-0:${PORTS[$service]}")
  done
  step="helm template"
  "$BIN/helm" template "$RELEASE" "$ROOT/charts/valueproof" -f "$ROOT/charts/valueproof/ci/podman-values.yaml" \
    --set externalNats.url=nats://valueproof-kube-nats:4222 \
    --set objectStorage.endpoint=http://valueproof-kube-minio:9000 \
    --set objectStorage.accessKey=valueproof --set "objectStorage.secretKey=$minio_password" \
    "${sets[@]}" >"$RENDERED"
  say "rendered $(grep -c '^kind:' "$RENDERED") resources: $(grep '^kind:' "$RENDERED" | sort | uniq -c | awk '{printf "%s %s, ", $1, $3}')"
}

up() {
  mkdir -p "$DEPLOY" "$LOGS"
  down >/dev/null 2>&1 || true
  local password minio_password started=$SECONDS
  password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  minio_password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  infrastructure_up "$password" "$minio_password"
  render "$password" "$minio_password"
  step="the chart's Secret as a podman secret"
  (cd "$ROOT" && node --import tsx tests/deploy/containers/kube-secret.ts "$RENDERED" "$PLAYED")
  step="podman kube play"
  podman kube play --network "$NETWORK" "$PLAYED" >"$LOGS/kube-play.log" 2>&1 \
    || { tail -n 30 "$LOGS/kube-play.log" >&2; fail "podman kube play failed (log $LOGS/kube-play.log)"; }
  step="the pods' probes"
  (cd "$ROOT" && node --import tsx tests/deploy/containers/kube-ready.ts "$RENDERED")
  say "seven pods ready in $((SECONDS - started)) s"
}

down() {
  [ -f "$PLAYED" ] && podman kube down "$PLAYED" >/dev/null 2>&1 || true
  podman secret rm "$RELEASE" >/dev/null 2>&1 || true
  podman rm -f -t 5 valueproof-kube-postgres valueproof-kube-nats valueproof-kube-minio >/dev/null 2>&1 || true
  podman network exists "$NETWORK" && podman network rm -f "$NETWORK" >/dev/null 2>&1 || true
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *) echo "usage: scripts/kube-play.sh up|down" >&2; exit 2 ;;
esac
step="done"
