#!/usr/bin/env python3
"""Regenerates the Kubernetes JSON schemas kubeconform validates the Helm chart against.

The schemas come from the PyPI package kubernetes-validate (its "local-strict" form of the
Kubernetes OpenAPI definitions: additionalProperties false on every object). Its kind files point
at one shared _definitions.json; kubeconform wants one self-contained file per kind (the
"standalone-strict" form), so every $ref is inlined here. Descriptions are dropped: they do not
take part in validation and are most of the bytes.

Only the kinds the chart renders are kept (KINDS below). Run from anywhere:

    python3 tests/deploy/kubernetes-schemas/regenerate.py

It downloads the pinned wheel with pip (PyPI is reachable where the project builds), checks its
SHA-256 and rewrites the *.json files beside this script. Standard library only.
"""

import copy
import hashlib
import json
import pathlib
import subprocess
import sys
import tempfile
import zipfile

PACKAGE = "kubernetes-validate"
PACKAGE_VERSION = "1.37.0"
WHEEL = f"kubernetes_validate-{PACKAGE_VERSION}-py3-none-any.whl"
WHEEL_SHA256 = "85136d018a27b50ec7fc049d902bfa5193f5976807e6c0f408e3ab6fe078cad9"
# The oldest Kubernetes the chart supports (Chart.yaml kubeVersion): a field newer than this fails.
KUBERNETES_VERSION = "v1.30.0"
SCHEMA_DIR = f"kubernetes_validate/kubernetes-json-schema/{KUBERNETES_VERSION}-local-strict"
# Kind files point into _definitions.json; definitions point at each other within it.
DEFINITIONS_PREFIXES = ("/api/_definitions.json#/$defs/", "#/$defs/")

# kubeconform's file names: {{ .ResourceKind }}{{ .KindSuffix }}.json
KINDS = [
    "configmap-v1",
    "deployment-apps-v1",
    "horizontalpodautoscaler-autoscaling-v2",
    "ingress-networking-v1",
    "job-batch-v1",
    "networkpolicy-networking-v1",
    "pod-v1",
    "poddisruptionbudget-policy-v1",
    "secret-v1",
    "service-v1",
    "serviceaccount-v1",
    "statefulset-apps-v1",
]

HERE = pathlib.Path(__file__).resolve().parent


def download_wheel(folder: pathlib.Path) -> pathlib.Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--quiet",
         f"{PACKAGE}=={PACKAGE_VERSION}", "-d", str(folder)],
        check=True,
    )
    wheel = folder / WHEEL
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        sys.exit(f"{WHEEL}: SHA-256 {digest}, expected {WHEEL_SHA256}")
    return wheel


def inline(node, definitions, trail=()):
    """A copy of node with every $ref replaced by its definition (siblings of the $ref kept)."""
    if isinstance(node, list):
        return [inline(item, definitions, trail) for item in node]
    if not isinstance(node, dict):
        return node
    out = {}
    ref = node.get("$ref")
    if ref is not None:
        prefix = next((p for p in DEFINITIONS_PREFIXES if ref.startswith(p)), None)
        if prefix is None:
            sys.exit(f"unexpected $ref {ref}")
        name = ref[len(prefix):]
        if name in trail:
            # A recursive type (only CRD schemas have them) cannot be made standalone.
            sys.exit(f"recursive definition {name} via {' > '.join(trail)}")
        out.update(inline(copy.deepcopy(definitions[name]), definitions, trail + (name,)))
    for key, value in node.items():
        if key in ("$ref", "description"):
            continue
        out[key] = inline(value, definitions, trail)
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        wheel = download_wheel(pathlib.Path(tmp))
        with zipfile.ZipFile(wheel) as archive:
            definitions = json.loads(archive.read(f"{SCHEMA_DIR}/_definitions.json"))["$defs"]
            kinds = {kind: json.loads(archive.read(f"{SCHEMA_DIR}/{kind}.json")) for kind in KINDS}
    for old in HERE.glob("*.json"):
        old.unlink()
    for kind, schema in kinds.items():
        standalone = inline(schema, definitions)
        (HERE / f"{kind}.json").write_text(json.dumps(standalone, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"{len(kinds)} schemas of Kubernetes {KUBERNETES_VERSION} from {PACKAGE} {PACKAGE_VERSION} written to {HERE}")


if __name__ == "__main__":
    main()
