"""Models of symbolic paths (a mixin of the symbolic engine): the concrete
inputs of a counterexample, a replay that takes its decisions from them,
and example values for what nothing depends on (a final exit status, a
message's characters)."""

from __future__ import annotations

import z3

from divm.load.values import Sym
from divm.vm.symterms import FLOAT_CALLS, FSORT, FSTRUCT, ISTRUCT, fp, fp_bits, fp_value


class SymModels:
    def example(self, x):
        """One value x may have on this path, chosen by no choice: for what
        nothing later depends on (the status a run ends with)."""
        if x.__class__ is not Sym:
            return x
        if self.model_pairs is not None:
            return self.evaluate(x.t)
        self._sync(self.vm.sym_state[0])
        if self.stopped(self._check()) != z3.sat:
            return 0
        r = self.solver.model().eval(x.t, model_completion=True)
        return fp_bits(r, x.bits) if z3.is_fp(r) else r.as_long()

    def example_string(self, o, off: int, limit: int) -> bytes:
        """The characters of a string holding symbolic ones, each as one
        value it may have (for a message: nothing depends on them)."""
        out = bytearray()
        for j in range(off, min(len(o.b), off + limit)):
            t = o.sym.get(j)
            c = o.b[j] if t is None else self.example(Sym(t, 8))
            if c == 0:
                break
            out.append(c)
        return bytes(out)

    def model(self) -> list[dict]:
        """A concrete value for each input of the current path: the function
        called, where and in which step, the value (floats also by bits)."""
        pc, inputs = self.vm.sym_state
        if not inputs:
            return []
        if self.model_pairs is not None:
            vals = [self.evaluate(var) for var in self.inputs_vars(inputs)]
        else:
            vals = self.solve_inputs(pc, inputs)
            if vals is None:
                return []
        out = []
        for (name, bits, fn, where), v in zip(inputs, vals):
            file, line, step, caller = where
            e = {"function": fn, "file": file, "line": line, "step": step, "value": v, "bits": bits, "input": name,
                 "caller": caller}
            if isinstance(v, float):
                e["hex"] = hex(ISTRUCT[bits].unpack(FSTRUCT[bits].pack(v))[0])
            out.append(e)
        return out

    def solve_inputs(self, pc: tuple, inputs: tuple) -> list | None:
        """The inputs' values in a model of pc (None: unsatisfiable); the
        same each time for one pc (a counterexample re-run for its
        narration shows the inputs the search reported)."""
        key = ("model", tuple(self.tid(c) for c in pc), tuple((n, b, fn) for n, b, fn, _ in inputs))
        vals = self.cache.get(key)
        if vals is not None:
            return vals
        if self.heavy(pc):
            res, m = self._oneshot(pc, True)
        else:
            self._sync(pc)
            res = self._check()
            m = self.solver.model() if res == z3.sat else None
        if m is None:
            return None
        vals = []
        for var in self.inputs_vars(inputs):
            r = m.eval(var, model_completion=True)
            vals.append(fp_value(r) if z3.is_fp(var) else r.as_long())
        self.cache[key] = vals
        return vals

    @staticmethod
    def inputs_vars(inputs) -> list:
        return [z3.FP(name, FSORT[bits]) if fn in FLOAT_CALLS else z3.BitVec(name, bits)
                for name, bits, fn, _ in inputs]

    def use_model(self, inputs: list) -> None:
        """Replay from a counterexample's inputs: decisions follow from the
        values (checked against the recorded choices), no solver is asked."""
        pairs = []
        for i, e in enumerate(inputs):
            name, bits, v = f"in{i}", int(e["bits"]), e["value"]
            if isinstance(v, float):
                pairs.append((z3.FP(name, FSORT[bits]), fp(v, bits)))
            else:
                pairs.append((z3.BitVec(name, bits), z3.BitVecVal(int(v) & ((1 << bits) - 1), bits)))
        self.model_pairs = pairs
