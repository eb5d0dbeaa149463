#!/bin/sh
# Builds libc-shim's core sources natively against glibc (public symbols
# renamed to divm_*), links them with tests/native_test.c and compares them
# with glibc over many random and edge-case inputs.  Exits non-zero on any
# mismatch.  Usage: tests/run_native_tests.sh [ITERATION-SCALE]
set -e
here=$(cd "$(dirname "$0")" && pwd)
src="$here/../src"
out=${TMPDIR:-/tmp}/divm-libc-native.$$
mkdir -p "$out"
[ -n "$KEEP" ] || trap 'rm -rf "$out"' EXIT
CC=${CC:-gcc}
CFLAGS="-O1 -g -D__DIVM_NATIVE_TEST -Wno-psabi -fno-builtin -ffp-contract=off -fno-strict-aliasing -Wall -Wno-unused-function"
CORE=${CORE:-"string.c ctype.c stdio/vformat.c stdio/vscan.c stdlib/strtol.c stdlib/strtod.c
      stdlib/qsort.c stdlib/rand.c stdlib/misc.c time.c wchar.c getopt.c libgen.c"}
objs=""
for f in $CORE; do
    o="$out/$(echo "$f" | tr / _).o"
    $CC $CFLAGS -c "$src/$f" -o "$o"
    objs="$objs $o"
done
# rename every public symbol the core defines to divm_NAME (definitions and uses)
nm -g --defined-only $objs | awk 'NF==3 && $3 !~ /^__divm_/ {print $3, "divm_" $3}' | sort -u > "$out/rename"
for o in $objs; do objcopy --redefine-syms="$out/rename" "$o"; done
$CC -O1 -g -fno-builtin -Wall -Wno-format -Wno-format-security -Wno-deprecated-declarations \
    "$here/native_test.c" $objs -o "$out/native_test" -lm
"$out/native_test" "$@"
