#!/bin/sh
# Runs tests/vm_smoke.c natively (gcc + glibc) and in the VM with this
# libc-shim (`divm run`, DIVM_RUNTIME pointing at a fresh build), and
# compares stdout, stderr and exit status.  Needs the divm package and a
# DiOS build; prints "skipped" and exits 0 when divm cannot run at all.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${TMPDIR:-/tmp}/divm-libc-smoke.$$
mkdir -p "$out/rt"
trap 'rm -rf "$out"' EXIT
"$here/../build.sh" "$out/libc" >/dev/null
cp "$out/libc/libc.bc" "$out/rt/libc.bc"
FL="-c -emit-llvm -O1 -g -fno-builtin -ffp-contract=off -nostdlibinc -isystem $root/libc-shim/include
    -isystem $root/dios/include -D__divm__ -D__divine__ -fno-stack-protector -fno-pic -fno-pie -Wno-everything"
dbc=""
for f in "$root"/dios/src/*.c; do
    clang-22 $FL "$f" -o "$out/rt/$(basename "$f" .c).bc"
    dbc="$dbc $out/rt/$(basename "$f" .c).bc"
done
llvm-link-22 $dbc -o "$out/rt/dios.bc"
printf '4\n1.5 2.25\n-3 10\nhello ff\nfirst line\nsecond line\nstop\nlast line\n' > "$out/in.txt"
gcc -O0 -w "$here/vm_smoke.c" -o "$out/native" -lm
set +e
"$out/native" -v --name=x a -v b < "$out/in.txt" > "$out/n.out" 2> "$out/n.err"
nst=$?
(cd "$root" && DIVM_RUNTIME="$out/rt" python3 -m divm run --stdin "$out/in.txt" "$here/vm_smoke.c" -- -v --name=x a -v b) > "$out/d.out" 2> "$out/d.err"
dst=$?
set -e
fail=0
if ! cmp -s "$out/n.out" "$out/d.out"; then
    echo "stdout differs:"; diff "$out/n.out" "$out/d.out" | head -40; fail=1
fi
if ! grep -q "to stderr 1" "$out/d.err" || ! grep -q "perror: Numerical result out of range" "$out/d.err"; then
    echo "stderr lacks expected lines:"; cat "$out/d.err"; fail=1
fi
if [ "$nst" != "$dst" ]; then
    echo "exit status: native $nst, divm $dst"; fail=1
fi
if [ $fail = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; exit 1; fi
