#!/usr/bin/env bash
# fuzz/run.sh [BUILD_DIR] [SECONDS] - fuzz every target for SECONDS each.
#
# Configures BUILD_DIR (default build-asan) with clang 14, AddressSanitizer,
# UndefinedBehaviorSanitizer and libFuzzer (-DPTXLINT_FUZZ=ON) if needed,
# builds the four targets of fuzz/ and runs each from its seed corpus
# (fuzz/corpus/<target>) with the PTX dictionary (fuzz/ptx.dict). New inputs
# go to BUILD_DIR/fuzz-corpus, never into the repository. A crash, sanitizer
# report, leak, timeout or a failed property (FuzzFile's round trip and fast
# path/grammar agreement) stops the run with the input saved under
# BUILD_DIR/fuzz-artifacts and exit status 1: add it to fuzz/corpus/<target>
# (and a lit or unit test) once fixed.
#
# CI (.ci/run) runs it for 60 seconds a target; run it for an hour (3600) by
# hand before a release.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=${1:-build-asan}
SECONDS_EACH=${2:-300}
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}

if [[ ! -f $BUILD/CMakeCache.txt ]]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DPTXLINT_SANITIZE=address,undefined -DPTXLINT_FUZZ=ON > "$BUILD.configure.log" 2>&1 ||
    { cat "$BUILD.configure.log"; exit 1; }
fi
targets=(FuzzFile FuzzInstruction FuzzCApi FuzzVerify)
cmake --build "$BUILD" -j "$JOBS" --target "${targets[@]/#/ptxlint-}"

export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
status=0
for t in "${targets[@]}"; do
  seeds=fuzz/corpus/$(echo "${t#Fuzz}" | tr '[:upper:]' '[:lower:]')
  work=$BUILD/fuzz-corpus/$t
  mkdir -p "$work" "$BUILD/fuzz-artifacts"
  echo "==> $t for ${SECONDS_EACH}s (seeds: $seeds)"
  if ! "$BUILD/fuzz/ptxlint-$t" "$work" "$seeds" -dict=fuzz/ptx.dict \
    -max_total_time="$SECONDS_EACH" -max_len=65536 -timeout=20 -rss_limit_mb=3072 \
    -artifact_prefix="$BUILD/fuzz-artifacts/$t-" -print_final_stats=1 2> "$BUILD/fuzz-$t.log"; then
    tail -n 60 "$BUILD/fuzz-$t.log"
    status=1
  else
    grep -E '^stat::number_of_executed_units|^Done' "$BUILD/fuzz-$t.log" || true
  fi
done
exit $status
