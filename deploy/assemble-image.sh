#!/usr/bin/env bash
# What a ValueProof image contains, in one place: the Dockerfile runs these steps, and
# tests/deploy/image.test.ts runs the same steps on this machine (which has no Docker engine).
#
#   deploy/assemble-image.sh workspace <deployable>            the npm workspace of a deployable
#   deploy/assemble-image.sh manifests <source> <out>          root package.json + package-lock.json
#                                                              + every workspace's package.json
#   deploy/assemble-image.sh deps <folder> <deployable>        production node_modules of the
#                                                              deployable's workspace, in <folder>
#   deploy/assemble-image.sh assemble <source> <out> <deployable>
#                                                              the runtime stage's /app, built here:
#                                                              <out>/node_modules and <out>/dist/<d>
#
# A deployable is gateway, identity, calculator, proposal, billing, analytics or notification. The runtime stage
# holds exactly node_modules (from `deps`) and dist/<deployable> (from `npm run build`): the
# Dockerfile's two COPY lines of that stage and `assemble` below must stay the same two things.
set -euo pipefail

DEPLOYABLES=(gateway identity calculator proposal billing analytics notification)

fail() { echo "assemble-image: $*" >&2; exit 1; }

workspace_of() { # the npm workspace (folder) whose production dependencies a deployable runs with
  case "$1" in
    gateway) echo gateway ;;
    identity | calculator | proposal | billing | analytics | notification) echo "services/$1" ;;
    *) fail "unknown deployable '${1:-}' (known: ${DEPLOYABLES[*]})" ;;
  esac
}

manifests() { # npm ci checks the lockfile against every workspace, so all their package.json files are needed
  local source="$1" out="$2" pattern folder
  [ -f "$source/package.json" ] && [ -f "$source/package-lock.json" ] || fail "$source has no package.json and package-lock.json"
  mkdir -p "$out"
  cp "$source/package.json" "$source/package-lock.json" "$out/"
  # The workspaces are folder names or "<folder>/*" patterns (root package.json).
  while IFS= read -r pattern; do
    for folder in "$source"/$pattern; do
      [ -f "$folder/package.json" ] || continue
      mkdir -p "$out/${folder#"$source"/}"
      cp "$folder/package.json" "$out/${folder#"$source"/}/package.json"
    done
  done < <(node -e 'for (const w of require(process.argv[1]).workspaces ?? []) console.log(w)' "$source/package.json")
}

deps() { # production dependencies of one workspace, no install scripts (none is needed: decision 080)
  local folder="$1" workspace
  workspace="$(workspace_of "$2")"
  # `npm ci --omit=dev --workspace <ws>` still installs the devDependencies of the workspaces <ws>
  # depends on (npm 11.19: the gateway got prisma, @prisma/* and minio through event-bus's and
  # testing's, 394 MB instead of 59 MB). Without devDependencies in the manifests they cannot come in;
  # npm ci still installs every remaining package at its locked version.
  (cd "$folder" && find . -name package.json -not -path './node_modules/*' -exec node -e '
    const fs = require("node:fs")
    for (const file of process.argv.slice(1)) {
      const manifest = JSON.parse(fs.readFileSync(file, "utf8"))
      delete manifest.devDependencies
      fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n")
    }' {} +)
  (cd "$folder" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace "$workspace")
  # A workspace's own node_modules (a version differing from the root's) would not be in the image:
  # the bundles resolve npm packages from /app/node_modules only.
  local nested
  nested="$(cd "$folder" && find . -path ./node_modules -prune -o -type d -name node_modules -print | head -n 5)"
  [ -z "$nested" ] || fail "npm installed packages under workspace folders, which the image leaves out: $nested"
  # Workspace packages are bundled into dist/: their links in node_modules (the only links npm makes
  # outside .bin) point at folders the image does not have.
  find "$folder/node_modules" -maxdepth 2 -type l -not -path '*/.bin/*' -delete
}

assemble() {
  local source="$1" out="$2" deployable="$3"
  workspace_of "$deployable" >/dev/null
  [ -f "$source/dist/$deployable/server.mjs" ] || fail "no $source/dist/$deployable/server.mjs: run npm run build first"
  [ ! -e "$out" ] || fail "$out exists; assemble into a new folder"
  # Global, so the EXIT trap still sees it: the scratch folder goes whatever happens.
  stage="$(mktemp -d)"
  trap 'rm -rf "$stage"' EXIT
  manifests "$source" "$stage"
  deps "$stage" "$deployable"
  mkdir -p "$out/dist"
  mv "$stage/node_modules" "$out/node_modules"
  cp -R "$source/dist/$deployable" "$out/dist/$deployable"
}

case "${1:-}" in
  workspace) workspace_of "${2:-}" ;;
  manifests) [ $# -eq 3 ] || fail "usage: manifests <source> <out>"; manifests "$2" "$3" ;;
  deps) [ $# -eq 3 ] || fail "usage: deps <folder> <deployable>"; deps "$2" "$3" ;;
  assemble) [ $# -eq 4 ] || fail "usage: assemble <source> <out> <deployable>"; assemble "$2" "$3" "$4" ;;
  *) fail "usage: assemble-image.sh workspace|manifests|deps|assemble ..." ;;
esac
