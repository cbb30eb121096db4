#!/usr/bin/env bash
# The pre-commit hook (see .pre-commit-hooks.yaml): builds `fenlint` from the repository this
# script lives in, once (cargo reuses the build), then runs it with the hook's arguments and the
# staged files. A `fenlint` on PATH of the same version is used instead when FENLINT_HOOK_USE_PATH
# is set.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [[ -n "${FENLINT_HOOK_USE_PATH:-}" ]] && command -v fenlint >/dev/null; then
    exec fenlint "$@"
fi
cargo build --quiet --release --locked --manifest-path "$repo/Cargo.toml" -p fenlint-cli >&2
exec "$repo/target/release/fenlint" "$@"
