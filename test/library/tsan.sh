#!/usr/bin/env bash
# tsan.sh [BUILD_DIR] - the thread-safety tests under ThreadSanitizer.
#
# Configures a separate build with -DPTXLINT_SANITIZE=thread, builds only the
# unit-test executable (the library is rebuilt instrumented) and runs the
# tests that call the library from many threads at once, plus the C API
# tests. Any data race TSan sees fails the run, even when the answers agree.
# For CI (.ci/run) and by hand; BUILD_DIR defaults to build-tsan.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BUILD=${1:-build-tsan}
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}

mkdir -p "$BUILD"
# -O1: TSan's recommended level, and the quickest instrumented build.
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" -DPTXLINT_SANITIZE=thread \
  > "$BUILD/configure.log" 2>&1 || { cat "$BUILD/configure.log"; exit 1; }
cmake --build "$BUILD" --target ptxlint-unittests -j "$JOBS"
# halt_on_error: the first race fails the run; exitcode 66 tells it apart.
TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
  "$BUILD/unittests/ptxlint-unittests" --gtest_filter='ThreadSafetyTest.*:CApiTest.*'
