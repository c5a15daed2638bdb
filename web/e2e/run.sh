#!/usr/bin/env bash
# The playground's test in a real browser, as CI runs it. Installs what it needs when it is missing
# (Debian's chromium, the wasm32 target, the wasm-bindgen CLI of the version Cargo.toml pins, the
# test's npm packages), builds the page (web/build.sh) and the release binary, and runs
# web/e2e/playground.test.mjs once with Node's test runner.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
rustup target add wasm32-unknown-unknown >/dev/null 2>&1
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]]; then
  cargo install --quiet wasm-bindgen-cli --version "$version"
fi

web/build.sh
cargo build --release --locked --quiet
(cd web/e2e && npm ci --no-audit --no-fund --silent)
cd web/e2e
LUDEX="$PWD/../../target/release/ludex" node --test --test-reporter=spec playground.test.mjs
