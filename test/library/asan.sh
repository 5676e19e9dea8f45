#!/usr/bin/env bash
# asan.sh [--ci] [BUILD_DIR] - tests under AddressSanitizer and
# UndefinedBehaviorSanitizer.
#
# Configures a separate build (default build-asan) with clang 14,
# -fsanitize=address,undefined and the libFuzzer targets (-DPTXLINT_FUZZ=ON,
# fuzz/README.md: the same build serves fuzz/run.sh). Any sanitizer report
# fails the test that triggers it: UBSan and ASan halt on the first error,
# LeakSanitizer reports leaks at exit.
#
#   asan.sh BUILD        builds everything and runs the whole `check`
#   asan.sh --ci BUILD   what CI runs (.ci/run), sized for a 2-core machine:
#                        builds only the library, the command, the unit tests
#                        and the fuzz targets, runs every unit test and the lit
#                        tests of bad input (ASAN_LIT_SUBSET, a lit --filter)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ci=false
if [[ ${1:-} == --ci ]]; then
  ci=true
  shift
fi
BUILD=${1:-build-asan}
JOBS=${JOBS:-$(nproc 2> /dev/null || echo 2)}
# The lit directories whose tests feed the command bad, huge or adversarial
# input (fuzz seeds and issue 9's reproducers, the command's I/O and option
# errors, syntax errors, nesting limits and large statements, C API misuse).
subset=${ASAN_LIT_SUBSET:-'^PTX-Lint :: (fuzz|cli|parse|robust)/'}

mkdir -p "$BUILD"
# -O1: quick to build, and the sanitizers' recommended level.
CC=clang-14 CXX=clang++-14 cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DPTXLINT_SANITIZE=address,undefined -DPTXLINT_FUZZ=ON > "$BUILD/configure.log" 2>&1 ||
  { cat "$BUILD/configure.log"; exit 1; }
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:${UBSAN_OPTIONS:-}"
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
if [[ $ci == false ]]; then
  cmake --build "$BUILD" -j "$JOBS"
  cmake --build "$BUILD" --target check
  exit 0
fi
cmake --build "$BUILD" -j "$JOBS" --target ptx-lint ptx-roundtrip ptxlint-unittests \
  ptxlint-FuzzFile ptxlint-FuzzInstruction ptxlint-FuzzCApi ptxlint-FuzzVerify
echo "==> unit tests (ASan, UBSan)"
"$BUILD/unittests/ptxlint-unittests" --gtest_brief=1
echo "==> lit tests of bad input (ASan, UBSan): --filter '$subset'"
lit=${LIT:-/usr/lib/llvm-14/build/utils/lit/lit.py}
python3 "$lit" -s "$BUILD/test" --filter "$subset"
