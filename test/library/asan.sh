#!/usr/bin/env bash
# asan.sh [BUILD_DIR] - the whole test suite under AddressSanitizer and
# UndefinedBehaviorSanitizer.
#
# Configures a separate build (default build-asan) with clang 14,
# -fsanitize=address,undefined and the libFuzzer targets (-DPTXLINT_FUZZ=ON,
# fuzz/README.md: the same build serves fuzz/run.sh), builds everything and
# runs `check` (unit tests and lit) in it. Any sanitizer report fails the
# test that triggers it: UBSan and ASan halt on the first error, LeakSanitizer
# reports leaks at exit. For CI (.ci/run) and by hand.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BUILD=${1:-build-asan}
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}

mkdir -p "$BUILD"
# -O1: quick to build, and the sanitizers' recommended level.
CC=clang-14 CXX=clang++-14 cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DPTXLINT_SANITIZE=address,undefined -DPTXLINT_FUZZ=ON > "$BUILD/configure.log" 2>&1 ||
  { cat "$BUILD/configure.log"; exit 1; }
cmake --build "$BUILD" -j "$JOBS"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
cmake --build "$BUILD" --target check
