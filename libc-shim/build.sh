#!/bin/sh
# Builds libc-shim to bitcode: every src/**/*.c into OUTDIR/*.bc, all linked
# into OUTDIR/libc.bc.  Usage: libc-shim/build.sh OUTDIR
set -e
if [ $# -ne 1 ]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=$1
mkdir -p "$out"
CLANG=${CLANG:-clang-22}
LLVM_LINK=${LLVM_LINK:-llvm-link-22}
FLAGS="-c -emit-llvm -O1 -g -fno-builtin -ffp-contract=off -nostdlibinc
       -isystem $here/include -isystem $root/dios/include -D__divm__ -D__divine__"
bcs=""
for f in $(cd "$here/src" && find . -name '*.c' | sort); do
    name=$(echo "${f#./}" | sed 's|/|_|g; s|\.c$|.bc|')
    $CLANG $FLAGS -Wall "$here/src/$f" -o "$out/$name"
    bcs="$bcs $out/$name"
done
$LLVM_LINK $bcs -o "$out/libc.bc"
echo "$out/libc.bc"
