#!/usr/bin/env bash
# install-and-consume.sh SRCROOT BUILDDIR WORKDIR
#
# What a consumer of the library does, end to end, from an installed tree:
#   1. cmake --install BUILDDIR --prefix WORKDIR/prefix, and list the layout;
#   2. check that libptxlint.so exports only the library's own symbols;
#   3. configure and build examples/codegen with find_package(PtxLint) against
#      the prefix, run the mma tile generator (and ptxas on its output when
#      ptxas is on PATH) and the C API demo; build every example again by
#      hand with the installed headers as the only include path (no LLVM);
#   4. run the Python ctypes example, once with --lib and once finding the
#      library through pkg-config;
#   5. check pkg-config's answers and build a C program with them alone.
# Prints what it finds (test/library/install.test checks it with FileCheck);
# exits non-zero at the first failure, with the failing step's log on stderr.
set -euo pipefail
SRC=$(cd "$1" && pwd)
BUILD=$(cd "$2" && pwd)
WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK"
PREFIX=$WORK/prefix
trap 'echo "install-and-consume.sh: failed at line $LINENO" >&2' ERR

# Runs a command with its output in a log; shows the log if it fails.
logged() {
  local log=$WORK/$1.log
  shift
  if ! "$@" > "$log" 2>&1; then
    echo "install-and-consume.sh: '$*' failed:" >&2
    cat "$log" >&2
    return 1
  fi
}

# The build's type and sanitizer (CMakeCache.txt): consumers of an
# instrumented library are built with the same compiler and -fsanitize flags,
# and Python gets the sanitizer runtime preloaded (it is not instrumented).
cache_get() { sed -n "s/^$1:[A-Z]*=//p" "$BUILD/CMakeCache.txt"; }
BUILD_TYPE=$(cache_get CMAKE_BUILD_TYPE)
SANITIZE=$(cache_get PTXLINT_SANITIZE)
case ${SANITIZE^^} in "" | OFF | 0 | FALSE | NO) SANITIZE= ;; esac
PY_PRELOAD=()
if [[ -n $SANITIZE ]]; then
  CXX=$(cache_get CMAKE_CXX_COMPILER)
  CC=$(cache_get CMAKE_C_COMPILER)
  export CC CXX
  export CFLAGS="-fsanitize=$SANITIZE" CXXFLAGS="-fsanitize=$SANITIZE" LDFLAGS="-fsanitize=$SANITIZE"
  export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
  if [[ $SANITIZE == *address* ]]; then
    PY_PRELOAD=(env "LD_PRELOAD=$("$CXX" -print-file-name=libclang_rt.asan-x86_64.so)")
  fi
fi

if ! ls "$BUILD"/lib/libptxlint.so > /dev/null 2>&1; then
  echo "error: $BUILD/lib/libptxlint.so is not built (build the ptxlint_shared target)" >&2
  exit 1
fi

# --- 1. install
logged install cmake --install "$BUILD" --prefix "$PREFIX"
echo "== installed files"
(cd "$PREFIX" && find . -type f -o -type l | sed 's|^\./||' | grep -v '^share/doc/' | LC_ALL=C sort)
LIB=$(dirname "$(find "$PREFIX" -name libptxlint.so | head -1)")
echo "static archives: $(find "$PREFIX" -name '*.a' | wc -l)"
echo "ANTLR headers: $(grep -rl -E 'antlr4|PTXParser' "$PREFIX/include" | wc -l)"

# --- 2. exported symbols: only ptxlint's own
echo "== exports"
nm -DC --defined-only "$LIB/libptxlint.so" > "$WORK/exports.txt"
echo "C API functions: $(grep -c ' T ptxlint_' "$WORK/exports.txt")"
echo "foreign symbols: $(grep -v -c -E ' (ptxlint_|ptxlint::|typeinfo for ptxlint::|typeinfo name for ptxlint::|vtable for ptxlint::)' "$WORK/exports.txt" || true)"
readelf -d "$LIB/libptxlint.so" | grep -o 'SONAME.*'

# --- 3. the codegen example, built against the installed package
echo "== codegen example"
logged codegen-configure cmake -S "$SRC/examples/codegen" -B "$WORK/codegen" \
  -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}"
grep -o 'Found PtxLint.*' "$WORK/codegen-configure.log"
logged codegen-build cmake --build "$WORK/codegen"
"$WORK/codegen/mma-tile-gen" --target sm_80 --ptx 7.8 -o "$WORK/tile.ptx" | sed -E 's/ \((median )?[0-9.]+ us per check\)//'
"$WORK/codegen/mma-tile-gen" --type bf16 --m 64 --n 16 --k 32 --target sm_90 --ptx 8.0 |
  grep -E '^(checked|OK|FAILED)' | sed -E 's/ \((median )?[0-9.]+ us per check\)//'
PTXAS=$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2> /dev/null || true)
if [[ -n $PTXAS ]]; then
  logged ptxas "$PTXAS" -arch sm_80 "$WORK/tile.ptx" -o "$WORK/tile.cubin"
  echo "ptxas: accepted the generated kernel"
else
  echo "ptxas: not found, generated kernel not assembled"
fi
rc=0
"$WORK/codegen/c-api-demo" --target sm_80 --ptx 7.8 || rc=$?
echo "c-api-demo exit status: $rc"

# Every example, built by hand with the installed headers as the only
# include path: no LLVM include directory (of any version) is given or
# needed, and no header the compiler reads is LLVM's.
echo "== examples without LLVM"
mkdir -p "$WORK/nollvm"
for src in "$SRC"/examples/codegen/*.cpp "$SRC"/examples/codegen/*.c; do
  name=$(basename "${src%.*}")
  if [[ $src == *.c ]]; then
    cc=("${CC:-cc}" -std=c99)
  else
    cc=("${CXX:-c++}" -std=c++17)
  fi
  # shellcheck disable=SC2086
  logged "nollvm-$name" "${cc[@]}" -Wall -Werror ${CXXFLAGS:-} -I"$PREFIX/include" "$src" \
    -o "$WORK/nollvm/$name" -L"$LIB" -lptxlint -Wl,-rpath,"$LIB"
  # shellcheck disable=SC2086
  "${cc[@]}" ${CXXFLAGS:-} -I"$PREFIX/include" -M "$src" > "$WORK/nollvm/$name.deps"
  echo "$name: built; headers read: $(grep -o '/ptxlint/[A-Za-z]*\.h' "$WORK/nollvm/$name.deps" |
    sort -u | wc -l) ptxlint, $(grep -c -i llvm "$WORK/nollvm/$name.deps" || true) LLVM"
done
"$WORK/nollvm/ptx_walk" "$SRC/examples/mma-bad.ptx" --target sm_75 | sed "s|$SRC/||" || true
rc=0
"$WORK/nollvm/c_api_demo" --target sm_80 --ptx 7.8 > /dev/null || rc=$?
echo "c_api_demo exit status: $rc"

# --- 4. the Python ctypes example
echo "== ctypes example (--lib)"
${PY_PRELOAD[@]+"${PY_PRELOAD[@]}"} python3 "$SRC/examples/python/ptxlint_ctypes.py" --lib "$LIB/libptxlint.so"
echo "== ctypes example (pkg-config)"
PKG_CONFIG_PATH=$LIB/pkgconfig ${PY_PRELOAD[@]+"${PY_PRELOAD[@]}"} python3 "$SRC/examples/python/ptxlint_ctypes.py" | tail -1

# --- 5. pkg-config
echo "== pkg-config"
export PKG_CONFIG_PATH=$LIB/pkgconfig
echo "modversion: $(pkg-config --modversion ptxlint)"
[[ $(pkg-config --variable=prefix ptxlint) == "$PREFIX" ]] && echo "prefix: the install prefix"
[[ $(pkg-config --variable=libdir ptxlint) == "$LIB" ]] && echo "libdir: the installed library's directory"
pkg-config --libs ptxlint | sed "s|$PREFIX|PREFIX|g"
pkg-config --cflags ptxlint | sed "s|$PREFIX|PREFIX|g"
# A C consumer with nothing but pkg-config's flags (-I for the headers).
# shellcheck disable=SC2046
logged pc-c "${CC:-cc}" -std=c99 -Wall -Werror ${CFLAGS:-} "$SRC/examples/codegen/c_api_demo.c" \
  -o "$WORK/c-demo" $(pkg-config --cflags --libs ptxlint) -Wl,-rpath,"$LIB"
rc=0
"$WORK/c-demo" --target sm_80 --ptx 7.8 'movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2;' || rc=$?
echo "pkg-config C build exit status: $rc"

# --- 6. the installed tool
echo "== tool"
"$PREFIX/bin/ptx-lint" --version | head -1 | sed 's/[0-9][0-9.]*/VERSION/'

# --- 7. the installed Python package: it finds the installed library and tool
echo "== python package"
(cd "$WORK" && PYTHONPATH="$PREFIX/lib/python3/dist-packages" python3 -c "
import ptxlint
print(ptxlint.__file__.replace('$PREFIX', 'PREFIX'))
print(ptxlint.executable().replace('$PREFIX', 'PREFIX'))
print(ptxlint.lint(open('$SRC/examples/mma-bad.ptx').read()))")
echo "== done"
