#!/usr/bin/env bash
# Builds the playground into web/dist/: the engine compiled to WebAssembly (crates/ludex-wasm, the
# `web` profile), its JavaScript glue from wasm-bindgen (--target web), the page, and every rules
# file of rules/ and docs/examples/ with an index. Needs the wasm32-unknown-unknown target and the
# wasm-bindgen CLI of the version Cargo.toml pins (web/e2e/run.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]]; then
  echo "web/build.sh: needs wasm-bindgen $version: cargo install wasm-bindgen-cli --version $version" >&2
  exit 1
fi

cargo build --locked --profile web --target wasm32-unknown-unknown -p ludex-wasm
dist=web/dist
rm -rf "$dist"
mkdir -p "$dist/pkg" "$dist/rules" "$dist/docs/examples"
wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
  target/wasm32-unknown-unknown/web/ludex_wasm.wasm
cp web/index.html web/style.css web/app.js web/worker.js "$dist/"
# The rules files at their paths in the repository, so that a downloaded record names them as
# `ludex replay` finds them from the repository's root.
cp rules/*.rules "$dist/rules/"
cp docs/examples/*.rules "$dist/docs/examples/"
printf '%s\n' rules/*.rules docs/examples/*.rules | sed 's/.*/"&"/' | paste -sd, |
  sed 's/^/[/; s/$/]/' > "$dist/rules.json"
echo "web/build.sh: built $dist ($(du -sh "$dist" | cut -f1))"
