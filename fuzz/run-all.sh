#!/usr/bin/env bash
# Runs every fuzz target, one after the other, for SECONDS each (default 600), with a nightly
# toolchain and cargo-fuzz (`cargo install cargo-fuzz`), without a sanitizer (the code is safe Rust;
# that runs the targets about twice as fast). New inputs go to fuzz/scratch/TARGET, the committed
# corpus fuzz/corpus/TARGET is read; a failing input is written to fuzz/artifacts/TARGET (copy it
# into fuzz/regressions/TARGET once fixed: `cargo test --test fuzz_corpus` replays it). Each
# target's final statistics go to fuzz/scratch/TARGET.log.
#
# With --merge, the new inputs are merged into the committed corpus, which is minimized
# (`cargo fuzz cmin`) and then cut to a budget of bytes and inputs per target (its largest inputs
# that fit: in a minimized corpus they tend to cover the most), so that the corpus stays a few
# hundred kilobytes and replays in seconds in a debug build.
#
#   fuzz/run-all.sh 600            # ten minutes a target
#   fuzz/run-all.sh 60 --merge     # a minute a target, then grow, minimize and cut the corpus
set -euo pipefail

seconds="${1:-600}"
merge="${2:-}"
cd "$(dirname "$0")"
targets=(rules_bytes mutated_rules position record cli_args played_rules)
# The bytes and the inputs of each target's corpus kept (a mutated or played input replays slowly).
declare -A budget=([rules_bytes]=80000 [mutated_rules]=4000 [position]=60000 [record]=40000 [cli_args]=8000 [played_rules]=2000)
declare -A count=([rules_bytes]=40 [mutated_rules]=40 [position]=80 [record]=40 [cli_args]=80 [played_rules]=12)

# Cuts corpus/TARGET to its largest inputs that fit the budget, none over an eighth of it.
cut() {
    local dir="corpus/$1" bytes="${budget[$1]}" most="${count[$1]}" total=0 kept=0
    while read -r size path; do
        if [ "$size" -le $(( bytes / 8 )) ] && [ $(( total + size )) -le "$bytes" ] && [ "$kept" -lt "$most" ]; then
            total=$(( total + size ))
            kept=$(( kept + 1 ))
        else
            rm "$path"
        fi
    done < <(find "$dir" -type f -printf '%s %p\n' | sort -rn)
}

cargo +nightly fuzz build --sanitizer none
for target in "${targets[@]}"; do
    mkdir -p "scratch/$target" "corpus/$target"
    echo "== $target: $seconds s"
    # -timeout: an input that takes over 10 s is a finding (a hang); -rss_limit_mb: so is 2 GiB.
    cargo +nightly fuzz run --sanitizer none "$target" "scratch/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        2>&1 | tee "scratch/$target.log" | grep -E "^(Done|stat::number_of_executed_units|==[0-9]+== ERROR|SUMMARY)" || true
    if [ "$merge" = "--merge" ]; then
        cp -n "scratch/$target"/* "corpus/$target"/ 2>/dev/null || true
        cargo +nightly fuzz cmin --sanitizer none "$target" "corpus/$target"
        cut "$target"
    fi
done
