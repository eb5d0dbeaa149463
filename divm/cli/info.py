"""divm info: what was loaded."""

from __future__ import annotations

from divm.load.loader import load_program


def cmd_info(args) -> int:
    prog = load_program(args.prog)
    user = [f for f in prog.functions if not f.decl and not f.system]
    system = [f for f in prog.functions if not f.decl and f.system]
    ext = [f for f in prog.functions if f.decl and not f.name.startswith("llvm.")]
    print(f"program: {prog.name} (sha256 {prog.digest[:16]})")
    print(f"functions: {len(user)} in the program, {len(system)} from DiOS and libc-shim, "
          f"{len(ext)} external (hypercalls and builtins)")
    for f in user:
        ninstr = sum(len(b.ins) + len(b.phis) for b in f.blocks)
        loc = f" {f.file}:{f.line}" if f.file else ""
        print(f"  {f.name}: {len(f.blocks)} blocks, {ninstr} instructions{loc}")
    globs = [g for g in prog.globals if not g.system and not g.name.startswith(("llvm.", "__divm_", "."))]
    print(f"globals: {len(globs)}")
    for g in globs[:50]:
        print(f"  {g.name}: {g.size} bytes{' constant' if g.const else ''}{' thread-local' if g.tls else ''}")
    mem = sum(1 for f in user for b in f.blocks for i in b.ins if i.op in ("load", "store", "cmpxchg", "atomicrmw"))
    back = sum(1 for f in user for b in f.blocks for t in [b.ins[-1]] if t.op in ("br", "switch")
               for d in (t.x if t.op == "br" else [t.x[0]] + [c[1] for c in t.x[1]]) if d <= b.idx)
    print(f"interrupt points: {mem} memory accesses (interrupt_mem), {back} loop back edges (interrupt_cfl); "
          "live once a second thread exists, and for accesses to objects other threads can reach")
    print("unsupported constructs: none (the program loaded)")
    return 0
