#!/usr/bin/env bash
# Runs every fuzz target, one after the other, for SECONDS each (default 600), with a nightly
# toolchain and cargo-fuzz (`cargo install cargo-fuzz`). New inputs go to fuzz/scratch/TARGET, the
# committed corpus fuzz/corpus/TARGET is read; a failing input is written to fuzz/artifacts/TARGET
# (copy it into fuzz/regressions/TARGET once fixed: `cargo test --test fuzz_corpus` replays it).
# With --merge, the new inputs that add coverage are merged into the committed corpus, which is
# then minimized (`cargo fuzz cmin`). Each target's final statistics go to fuzz/scratch/TARGET.log.
#
#   fuzz/run-all.sh 600            # ten minutes a target
#   fuzz/run-all.sh 60 --merge     # a minute a target, then grow and minimize the corpus
set -euo pipefail

seconds="${1:-600}"
merge="${2:-}"
cd "$(dirname "$0")"
targets=(rules_bytes mutated_rules position record cli_args played_rules)
cargo +nightly fuzz build
for target in "${targets[@]}"; do
    mkdir -p "scratch/$target" "corpus/$target"
    echo "== $target: $seconds s"
    # -timeout: an input that takes over 10 s is a finding (a hang); -rss_limit_mb: so is 2 GiB.
    cargo +nightly fuzz run "$target" "scratch/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        2>&1 | tee "scratch/$target.log" | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+== ERROR|SUMMARY|Done)" || true
    if [ "$merge" = "--merge" ]; then
        cp -n "scratch/$target"/* "corpus/$target"/ 2>/dev/null || true
        cargo +nightly fuzz cmin "$target" "corpus/$target"
    fi
done
