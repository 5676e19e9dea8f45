#!/bin/sh
# The larger sample of the extended sweep (issue 10): every form gets the
# operand, address and spelling variants, and the configuration sweep takes
# every PTX ISA version of every target. About 400,000 cases; on the 2-core
# development machine it takes tens of minutes (variants.test runs the CI
# sample). Usage, from the source root after building:
#   test/diff/run_variants.sh [build-dir] [work-dir] [extra run_diff.py args]
set -e
BUILD=${1:-build}
WORK=${2:-/tmp/ptxlint-variants}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
exec python3 "$(dirname "$0")/run_diff.py" --ptx-gen "$BUILD/bin/ptx-gen" \
  --ptx-lint "$BUILD/bin/ptx-lint" --ptxas "${PTXAS:-ptxas}" --work-dir "$WORK" \
  --jobs "${JOBS:-2}" --sample 400 --gen-arg=--variants=all-only --gen-arg=--all-configs "$@"
