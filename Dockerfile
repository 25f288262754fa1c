# syntax=docker/dockerfile:1.7
# One Dockerfile, one image per deployable (issue 17): the build argument DEPLOYABLE picks
# gateway, identity, calculator, proposal, billing, analytics or notification, and the image holds that
# deployable's compiled bundle (dist/<deployable>) and only its workspace's production npm packages,
# so the gateway's image carries no Prisma, PGlite or MinIO client. The web app is inside
# dist/gateway/web. What goes into the runtime stage is defined once, in deploy/assemble-image.sh,
# which tests/deploy/image.test.ts also runs (this project's machines have no Docker engine).
#
#   docker build --build-arg DEPLOYABLE=identity --build-arg PORT=4001 -t valueproof/identity .
#
# The base is pinned by exact tag (the Node release the tests run on). Pinning its digest as well
# (node:20.20.2-bookworm-slim@sha256:…) is the next step, where a registry can be asked for it. The
# base's ENTRYPOINT (docker-entrypoint.sh) stays: it execs the command it is given.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# --- manifests: package.json + package-lock.json + every workspace's package.json -------------
# Bound from the build context, so the npm ci layers below are reused until a manifest changes.
# BuildKit keys a RUN's cache on what its bind mounts hold; podman (buildah) does not, and would reuse
# manifests without a new workspace: scripts/images.sh passes the hash of what this stage and deps
# read through their mounts, so a change to either rebuilds them there too.
FROM ${NODE_IMAGE} AS manifests
ARG MOUNTED_INPUTS=""
RUN --mount=type=bind,target=/context \
    echo "mounted inputs: ${MOUNTED_INPUTS:-not given}" && \
    bash /context/deploy/assemble-image.sh manifests /context /manifests

# --- build: every deployable's bundle (npm run build: code generation, the web app, esbuild) ---
FROM ${NODE_IMAGE} AS build
# Behind a TLS-inspecting proxy the registry's certificate chain ends in the proxy's CA: the steps
# that download take that bundle as the optional build secret `ca` (--secret id=ca,src=<bundle>),
# which never stays in a layer. Without the secret Node warns once that the file is missing.
ENV NODE_EXTRA_CA_CERTS=/run/secrets/ca
# The npm that wrote package-lock.json (decision 080); the base image brings npm 10.
ARG NPM_VERSION=11.19.1
RUN --mount=type=secret,id=ca \
    npm install --global --no-audit --no-fund "npm@${NPM_VERSION}"
WORKDIR /src
COPY --from=manifests /manifests/ ./
# No install scripts: every tool the build runs works without them (package.json allowScripts).
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca \
    npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: the deployable's production node_modules --------------------------------------------
FROM ${NODE_IMAGE} AS deps
ENV NODE_EXTRA_CA_CERTS=/run/secrets/ca
ARG NPM_VERSION=11.19.1
RUN --mount=type=secret,id=ca \
    npm install --global --no-audit --no-fund "npm@${NPM_VERSION}"
ARG DEPLOYABLE
ARG MOUNTED_INPUTS=""
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=bind,source=deploy/assemble-image.sh,target=/usr/local/bin/assemble-image.sh \
    --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca \
    bash /usr/local/bin/assemble-image.sh deps /app "${DEPLOYABLE}"

# --- runtime ------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ARG DEPLOYABLE
# The port the deployable listens on: gateway 3000, identity 4001, calculator 4002, proposal 4003,
# billing 4004, analytics 4005, notification 4006 (each config schema's default; docker-compose.yml passes it).
ARG PORT
ARG NODE_IMAGE
# Release builds set these (CI: --build-arg VERSION=1.4.0 --build-arg REVISION=$(git rev-parse HEAD)
# --build-arg SOURCE=<repository URL>); the project names no licence yet, hence NOASSERTION (SPDX).
ARG VERSION=0.0.0-dev
ARG REVISION=unknown
ARG SOURCE=""
ARG LICENSES=NOASSERTION
LABEL org.opencontainers.image.title="valueproof-${DEPLOYABLE}" \
      org.opencontainers.image.description="ValueProof ${DEPLOYABLE}: interactive ROI calculators and proposals (compiled JavaScript on Node.js 20)" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="${LICENSES}" \
      org.opencontainers.image.vendor="ValueProof" \
      org.opencontainers.image.base.name="${NODE_IMAGE}"
# Nothing at run time uses npm, npx, corepack or yarn: out of the image (smaller, less to patch).
# The calculator runs no Debian program either: OCR is tesseract.js (WebAssembly) and PDFs are read
# by pdf.js, both npm packages; poppler-utils is only the tests' and benchmarks' tool.
RUN [ -n "${PORT}" ] || { echo "build argument PORT is required (the port ${DEPLOYABLE} listens on)" >&2; exit 1; } && \
    rm -rf /usr/local/lib/node_modules /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
           /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
# Read-only root file system: the process writes only under /tmp (TMPDIR; document workers' and
# OCR's scratch files) and DATA_DIR (generated secrets when none is configured; a platform mounts a
# volume or an emptyDir there). HOST 0.0.0.0: the container's network is the boundary.
ENV NODE_ENV=production \
    DEPLOYABLE=${DEPLOYABLE} \
    PORT=${PORT} \
    HOST=0.0.0.0 \
    DATA_DIR=/tmp/valueproof \
    WEB_DIST_DIR=/app/dist/${DEPLOYABLE}/web
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/dist/${DEPLOYABLE} ./dist/${DEPLOYABLE}
USER 1000:1000
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# exec: node is PID 1 and receives SIGTERM itself (graceful shutdown); --max-semi-space-size=32
# keeps young-generation collections rare under load (as `npm start`).
CMD ["/bin/sh", "-c", "exec node --max-semi-space-size=32 \"dist/${DEPLOYABLE}/server.mjs\""]
