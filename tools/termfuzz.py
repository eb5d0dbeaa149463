#!/usr/bin/env python3
"""Look for wrong termination proofs: of divm/prove/terminate.py (the VM's
wrapping arithmetic; the default), of divm/prove/ranking.py (unbounded
integers, --prover ranking; terminate.py over the clauses with exact
signed arithmetic, --prover exact), or wrong proofs that some run never ends
(divm/prove/recur.py, --prover recur).

Each seed makes a C program with two 8-bit inputs a and b (signed or
unsigned char) and one loop, or a loop with a loop inside, whose
conditions and bodies are random comparisons and assignments of the two
variables; some loops choose by an input on every pass, some are a
function that calls itself for the next pass (or two that call each
other, each with a part of the body).  The truth comes from the same code compiled natively: the
state (a, b) has 65536 values, so the oracle follows every input's run
state by state, remembering each state's outcome, and knows exactly
whether some input runs for ever.  The prover must never prove such a
program; the others it may prove or not (the summary counts how many it
proved: its reach).

    python3 tools/termfuzz.py --seeds 200 [--start 1] [--jobs 2] [--keep DIR] [--timeout 20]
                               [--prover vm|ranking|exact|recur]

Prints one line per seed (proved, not-proved, WRONG-PROVED, skip) and a
summary; exit status 1 if any seed was proved wrongly.  With --prover
recur a program every run of which ends must never be proved endless.
(The 8-bit values never overflow an int: the readings agree.)
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPS = ["<", "<=", ">", ">=", "!=", "=="]


class Gen:
    def __init__(self, rnd: random.Random):
        self.r = rnd

    def atom(self) -> str:
        r = self.r
        v = r.choice("ab")
        if r.random() < 0.5:
            return f"{v} {r.choice(OPS)} {r.choice([0, 1, 2, 5, 10, 100, -1, -5])}"
        return f"{v} {r.choice(OPS)} {'b' if v == 'a' else 'a'}"

    def cond(self) -> str:
        r = self.r
        if r.random() < 0.3:
            return f"({self.atom()}) {r.choice(['&&', '||'])} ({self.atom()})"
        return self.atom()

    def expr(self, v: str) -> str:
        r = self.r
        w = "b" if v == "a" else "a"
        return r.choice([f"{v} + {r.choice([1, 1, 2, 3])}", f"{v} - {r.choice([1, 1, 2, 3])}", f"{v} + {w}",
                         f"{v} - {w}", f"{w} - {v}", f"{v} * 2", f"{v} / 2", f"{v} ^ {w}",
                         str(r.choice([0, 1, 7])), f"{w}"])

    def assign(self) -> str:
        v = self.r.choice("ab")
        return f"{v} = (T)({self.expr(v)});"

    def body(self) -> list[str]:
        r = self.r
        out = []
        for _ in range(r.randint(1, 2)):
            if r.random() < 0.3:
                out.append(f"if ({self.atom()}) {self.assign()} else {self.assign()}")
            else:
                out.append(self.assign())
        return out


def program(seed: int) -> tuple[str, str]:
    """(the program divm proves, the native oracle)."""
    r = random.Random(seed)
    g = Gen(r)
    signed = r.random() < 0.5
    ty, nd = ("signed char", "char") if signed else ("unsigned char", "uchar")
    c1, s1 = g.cond(), g.body()
    nested = r.random() < 0.35
    c2, s2 = (g.cond(), g.body()) if nested else ("0", [])
    inner = f"while ({c2}) {{ {' '.join(s2)} }}" if nested else ""
    recursive = not nested and r.random() < 0.3  # the loop as a function that calls itself
    if not nested and r.random() < 0.4:  # a choice the input makes on every pass
        s1.append(f"if (CHOICE) {g.assign()} else {g.assign()}")
        return choice_program(ty, nd, c1, s1, recursive)
    prog = f"""typedef {ty} T;
extern T __VERIFIER_nondet_{nd}(void);
int main(void)
{{
    T a = __VERIFIER_nondet_{nd}(), b = __VERIFIER_nondet_{nd}();
    while ({c1}) {{
        {inner}
        {' '.join(s1)}
    }}
    return 0;
}}
"""
    if recursive:
        prog = recursive_program(ty, nd, c1, s1, r.random() < 0.5)
    oracle = f"""#include <stdio.h>
typedef {ty} T;
#define N 65536
#define IDX(a, b) ((((unsigned)(unsigned char)(a)) << 8) | (unsigned char)(b))
static unsigned char st1[N], st2[N];   /* 0 unknown, 1 on the walk, 2 ends, 3 runs for ever */
static unsigned out2[N];
static unsigned walk[N + 1];

/* the inner loop from state s: 1 and its exit state, or 0 */
static int inner(unsigned s, unsigned *res)
{{
    unsigned cur = s, n = 0;
    int ends;
    for (;;) {{
        if (st2[cur] == 2) {{ ends = 1; *res = out2[cur]; break; }}
        if (st2[cur]) {{ ends = 0; break; }}
        T a = (T)(cur >> 8), b = (T)(cur & 255);
        if (!({c2})) {{ st2[cur] = 2; out2[cur] = cur; ends = 1; *res = cur; break; }}
        st2[cur] = 1;
        walk[n++] = cur;
        {' '.join(s2)}
        cur = IDX(a, b);
    }}
    for (unsigned i = 0; i < n; ++i) {{
        st2[walk[i]] = ends ? 2 : 3;
        if (ends) out2[walk[i]] = *res;
    }}
    return ends;
}}

static unsigned walk1[N + 1];

static int outer(unsigned s)
{{
    unsigned cur = s, n = 0;
    int ends;
    for (;;) {{
        if (st1[cur] == 2) {{ ends = 1; break; }}
        if (st1[cur]) {{ ends = 0; break; }}
        T a = (T)(cur >> 8), b = (T)(cur & 255);
        if (!({c1})) {{ st1[cur] = 2; ends = 1; break; }}
        st1[cur] = 1;
        walk1[n++] = cur;
        {{
            unsigned t;
            if (!inner(IDX(a, b), &t)) {{ ends = 0; break; }}
            a = (T)(t >> 8); b = (T)(t & 255);
        }}
        {' '.join(s1)}
        cur = IDX(a, b);
    }}
    for (unsigned i = 0; i < n; ++i)
        st1[walk1[i]] = ends ? 2 : 3;
    return ends;
}}

int main(void)
{{
    for (unsigned s = 0; s < N; ++s)
        if (!outer(s)) {{ printf("N %u %u\\n", s >> 8, s & 255); return 0; }}
    printf("T\\n");
    return 0;
}}
"""
    return prog, oracle


def recursive_program(ty: str, nd: str, c1: str, stmts: list[str], mutual: bool = False) -> str:
    """The single loop `while (c1) body` as a function that calls itself
    for the next pass (the same runs, so the same oracle); mutual: as two
    functions that call each other, each with a part of the body."""
    body = " ".join(stmts)
    if mutual and len(stmts) > 1:
        first, rest = stmts[0], " ".join(stmts[1:])
        return f"""typedef {ty} T;
extern T __VERIFIER_nondet_{nd}(void);
extern int __VERIFIER_nondet_int(void);
static int rest(T a, T b);
static int pass(T a, T b)
{{
    if (!({c1}))
        return 0;
    {first.replace("CHOICE", "__VERIFIER_nondet_int()")}
    return rest(a, b) + 1;
}}
static int rest(T a, T b)
{{
    {rest.replace("CHOICE", "__VERIFIER_nondet_int()")}
    return pass(a, b);
}}
int main(void)
{{
    return pass(__VERIFIER_nondet_{nd}(), __VERIFIER_nondet_{nd}()) & 0;
}}
"""
    return f"""typedef {ty} T;
extern T __VERIFIER_nondet_{nd}(void);
extern int __VERIFIER_nondet_int(void);
static int pass(T a, T b)
{{
    if (!({c1}))
        return 0;
    {body.replace("CHOICE", "__VERIFIER_nondet_int()")}
    return pass(a, b) + 1;
}}
int main(void)
{{
    return pass(__VERIFIER_nondet_{nd}(), __VERIFIER_nondet_{nd}()) & 0;
}}
"""


def choice_program(ty: str, nd: str, c1: str, s1: list[str], recursive: bool = False) -> tuple[str, str]:
    """A single loop whose body chooses by an input on every pass: some run
    is endless exactly when the graph of the states that enter the body,
    with an edge for each choice, has a cycle (depth-first search)."""
    body = " ".join(s1)
    prog = f"""typedef {ty} T;
extern T __VERIFIER_nondet_{nd}(void);
extern int __VERIFIER_nondet_int(void);
int main(void)
{{
    T a = __VERIFIER_nondet_{nd}(), b = __VERIFIER_nondet_{nd}();
    while ({c1}) {{
        {body.replace("CHOICE", "__VERIFIER_nondet_int()")}
    }}
    return 0;
}}
"""
    if recursive:
        prog = recursive_program(ty, nd, c1, s1, len(body) % 2 == 0)
    oracle = f"""#include <stdio.h>
typedef {ty} T;
#define N 65536
#define IDX(a, b) ((((unsigned)(unsigned char)(a)) << 8) | (unsigned char)(b))
static unsigned char color[N];   /* 0 not seen, 1 on the search's stack, 2 done */
static unsigned stack[N + 1], edge[N + 1];

static int next(unsigned s, int choice, unsigned *t)
{{
    T a = (T)(s >> 8), b = (T)(s & 255);
    if (!({c1}))
        return 0;
    {body.replace("CHOICE", "choice")}
    *t = IDX(a, b);
    return 1;
}}

int main(void)
{{
    for (unsigned root = 0; root < N; ++root) {{
        if (color[root])
            continue;
        unsigned n = 0;
        stack[n] = root; edge[n++] = 0; color[root] = 1;
        while (n) {{
            unsigned s = stack[n - 1], t;
            if (edge[n - 1] < 2) {{
                int c = edge[n - 1]++;
                if (!next(s, c, &t))
                    continue;
                if (color[t] == 1) {{ printf("N %u %u\\n", t >> 8, t & 255); return 0; }}
                if (!color[t]) {{ color[t] = 1; stack[n] = t; edge[n++] = 0; }}
            }} else {{
                color[s] = 2;
                --n;
            }}
        }}
    }}
    printf("T\\n");
    return 0;
}}
"""
    return prog, oracle


PROVE = ("import sys\nfrom divm.load.loader import load_program\nfrom divm.prove.terminate import prove_termination\n"
         "from divm.prove.encode import Options\n"
         "r = prove_termination(load_program(sys.argv[1]), Options(), float(sys.argv[2]))\n"
         "print(r.status, r.reason)")
RANKING = ("import sys\nfrom divm.load.loader import load_program\nfrom divm.prove.ranking import terminates\n"
           "r = terminates(load_program(sys.argv[1]), float(sys.argv[2]))\n"
           "print('proved', r.rankings) if r else print('not-proved')")
EXACT = ("import sys\nfrom divm.load.loader import load_program\nfrom divm.prove.terminate import exact_termination\n"
         "from divm.prove.encode import Options\n"
         "r = exact_termination(load_program(sys.argv[1]), Options(wrap_undefined=True), float(sys.argv[2]))\n"
         "print('proved', r.rankings) if r else print('not-proved')")
NONTERM = ("import sys\nfrom divm.load.loader import load_program\nfrom divm.prove.recur import nonterminating\n"
           "r = nonterminating(load_program(sys.argv[1]), float(sys.argv[2]))\n"
           "print('proved', r.recurrent, r.inputs) if r else print('not-proved')")


def one(seed: int, timeout: float, keep: str | None, prover: str = "vm") -> tuple[int, str, str]:
    prog, oracle = program(seed)
    with tempfile.TemporaryDirectory() as tmp:
        c, o, exe = (os.path.join(tmp, n) for n in ("p.c", "oracle.c", "oracle"))
        for path, text in ((c, prog), (o, oracle)):
            with open(path, "w") as f:
                f.write(text)
        b = subprocess.run(["cc", "-O1", "-o", exe, o], capture_output=True, text=True)
        if b.returncode:
            return seed, "skip", "oracle: " + (b.stderr.strip().splitlines() or ["?"])[-1]
        truth = subprocess.run([exe], capture_output=True, text=True, timeout=120).stdout.strip()
        try:
            script = {"vm": PROVE, "ranking": RANKING, "exact": EXACT, "recur": NONTERM}[prover]
            r = subprocess.run([sys.executable, "-c", script, c, str(timeout)],
                               capture_output=True, text=True,
                               timeout=timeout + 60, cwd=ROOT)
        except subprocess.TimeoutExpired:
            return seed, "not-proved", "prover overran its time"
        lines = r.stdout.strip().splitlines()
        if r.returncode or not lines:
            return seed, "WRONG-CRASH", (r.stderr.strip().splitlines() or ["?"])[-1]
        status = lines[-1].split()[0]
        nonterm = prover == "recur"
        if status == "proved" and (truth == "T" if nonterm else truth != "T"):
            if keep:
                os.makedirs(keep, exist_ok=True)
                with open(os.path.join(keep, f"t{seed}.c"), "w") as f:
                    f.write(prog)
            return seed, "WRONG-PROVED", "every run ends" if nonterm else f"runs for ever from {truth}"
        return seed, ("proved" if status == "proved" else "not-proved"), f"{truth[:1]} {lines[-1]}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=100)
    p.add_argument("--start", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--keep", help="keep the wrongly proved programs here")
    p.add_argument("--prover", choices=("vm", "ranking", "exact", "recur"), default="vm",
                   help="terminate.py, ranking.py, terminate.py over exact integers (SV-COMP's reading), "
                        "or recur.py (proofs that some run never ends)")
    a = p.parse_args()
    counts: dict[str, int] = {}
    truths = {"T": 0, "N": 0}
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(one, s, a.timeout, a.keep, a.prover) for s in range(a.start, a.start + a.seeds)]
        for fut in futs:
            seed, status, detail = fut.result()
            counts[status] = counts.get(status, 0) + 1
            if detail[:1] in truths:
                truths[detail[:1]] += 1
            print(f"{seed:5d} {status:12s} {detail}", flush=True)
    print("summary:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
          f"(terminating {truths['T']}, not {truths['N']})")
    return 1 if any(k.startswith("WRONG") for k in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
