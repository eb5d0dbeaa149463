"""The disk cache that makes start-up fast.

What is cached (one directory per *environment*: divm's own source files,
the runtime bitcode and the Python version, hashed together):

- `runtime`: DiOS and libc-shim linked once and decoded into divm's IR
  (function and global headers with their fixed numbering, global
  initialisers with their memory images); function bodies are decoded on
  demand, only when code for them has to be generated;
- `prog-<sha256 of the bitcode>`: a program's own functions and globals,
  decoded and numbered against the runtime (the loader links them in Python);
- `code-...`: per function, the compiled Python code object (marshal), its
  line and resume maps, the attributes the code generator attaches to the
  function and the constants it refers to.  Runtime functions are keyed by
  their index and by what the program made of the functions they call
  (`deps-<index>` lists those callees); program functions by the program's
  bitcode.

Location: $DIVM_CACHE, else $XDG_CACHE_HOME/divm, else ~/.cache/divm;
DIVM_CACHE=off (or 0, none, false) disables it.  Entries are written
atomically (a temporary file renamed into place) and carry a checksum;
anything unreadable, truncated or stale is ignored and rebuilt.  The cache
never raises: every failure falls back to working without it."""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
from pathlib import Path

MAGIC = b"DIVMCACHE1\n"
_HLEN = 16
_state: dict = {}


def base_dir() -> Path | None:
    """The cache's top directory, or None when caching is off."""
    v = os.environ.get("DIVM_CACHE")
    if v is not None:
        if v.strip().lower() in ("off", "0", "no", "none", "false", "disable", "disabled"):
            return None
        if v.strip():
            return Path(v).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "divm"
    try:
        return Path.home() / ".cache" / "divm"
    except (RuntimeError, KeyError, OSError):
        return None


def enabled() -> bool:
    return env_dir() is not None


def env_key() -> str | None:
    """A hash of everything a cached entry depends on besides its own key."""
    if "key" in _state:
        return _state["key"]
    key = None
    try:
        h = hashlib.blake2b(digest_size=20)
        h.update(f"{sys.version}|{sys.implementation.cache_tag}|{marshal.version}|"
                 f"{pickle.HIGHEST_PROTOCOL}|{sys.maxsize}\n".encode())
        pkg = Path(__file__).resolve().parents[1]
        for p in sorted(pkg.rglob("*.py")):
            h.update(str(p.relative_to(pkg)).encode() + b"\0")
            h.update(p.read_bytes())
        from divm.load.paths import RUNTIME
        for name in ("dios.bc", "libc.bc", "llp64/dios.bc", "llp64/libc.bc"):
            p = RUNTIME / name
            h.update(name.encode() + b"\0")
            h.update(p.read_bytes() if p.exists() else b"<missing>")
        key = h.hexdigest()
    except Exception:  # unreadable sources: no cache
        key = None
    _state["key"] = key
    return key


def env_dir() -> Path | None:
    if "dir" in _state and _state.get("base") == os.environ.get("DIVM_CACHE"):
        return _state["dir"]
    d = None
    try:
        b = base_dir()
        k = env_key() if b is not None else None
        if b is not None and k is not None:
            d = b / k[:32]
            if not d.is_dir():
                d.mkdir(parents=True, exist_ok=True)
                _prune(b, d)
            if not os.access(d, os.W_OK | os.R_OK | os.X_OK):
                d = None
    except Exception:
        d = None
    _state["dir"] = d
    _state["base"] = os.environ.get("DIVM_CACHE")
    return d


PRUNE_DAYS = 30


def _prune(base: Path, keep: Path) -> None:
    """Environments not written to for PRUNE_DAYS days (divm or the runtime
    changed since) are removed when a new one is made."""
    import shutil
    import time
    limit = time.time() - PRUNE_DAYS * 86400
    for p in base.iterdir():
        try:
            if p != keep and p.is_dir() and len(p.name) == 32 and p.stat().st_mtime < limit:
                shutil.rmtree(p, ignore_errors=True)
        except OSError:
            pass


def reset() -> None:
    """Forget what was computed about the environment (tests change it)."""
    _state.clear()
    _code_memo.clear()


# -- raw entries ------------------------------------------------------------------

def get(name: str) -> bytes | None:
    d = env_dir()
    if d is None:
        return None
    return _read_entry(d / name)


def put(name: str, payload: bytes) -> None:
    d = env_dir()
    if d is not None:
        _write_entry(d, name, payload)


def _read_entry(path: Path) -> bytes | None:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    n = len(MAGIC)
    if len(data) < n + _HLEN or data[:n] != MAGIC:
        _drop(path)
        return None
    payload = data[n + _HLEN:]
    if hashlib.blake2b(payload, digest_size=_HLEN).digest() != data[n:n + _HLEN]:
        _drop(path)
        return None
    return payload


def _write_entry(d: Path, name: str, payload: bytes) -> None:
    """Write atomically: a reader sees the old entry, the new one or none."""
    tmp = None
    try:
        import tempfile
        d.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-", suffix="-" + name[:40])
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC + hashlib.blake2b(payload, digest_size=_HLEN).digest() + payload)
        os.replace(tmp, d / name)
        tmp = None
    except Exception:
        pass
    finally:
        if tmp is not None:
            _drop(Path(tmp))


def _drop(p: Path) -> None:
    try:
        p.unlink()
    except OSError:
        pass


def get_obj(name: str):
    data = get(name)
    if data is None:
        return None
    try:
        return pickle.loads(data)
    except Exception:
        _drop(env_dir() / name)
        return None


def put_obj(name: str, obj) -> None:
    try:
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return
    put(name, data)


# -- generated code -------------------------------------------------------------------
# Function objects get attributes from the code generator (regs, live,
# resume_loc, ...).  Whatever generate() adds or replaces is recorded and
# restored, so that code with a new attribute needs no change here.

_NOT_CODEGEN = {"blocks", "ref", "layouts", "ckey", "params", "ty", "decl", "system", "name", "idx",
                "file", "line"}
_code_memo: dict = {}


def snapshot(fn) -> dict:
    return dict(fn.__dict__)


def _code_name(vm, fn) -> str | None:
    """The cache entry for fn's code in this program, or None."""
    ck = getattr(fn, "ckey", None)
    if ck is None or env_dir() is None:
        return None
    sym = "-sym" if vm.symbolic else ""
    if ck.startswith("u-"):
        # --no-reduce keeps locals in memory; -o check:overflow checks arithmetic;
        # -o check:race makes memcpy and memset interrupt points; -o nondet:uninit
        # makes undefined locals inputs
        # (--symbolic sends operations on symbolic values to the engine)
        return ("code-" + ck + ("" if vm.reduce else "-nr") + ("-ov" if vm.check_overflow else "")
                + ("-race" if vm.check_race else "") + ("-un" if vm.nondet_uninit else "")
                + ("-po" if vm.check_poison else "") + sym)
    deps = _deps(ck, fn.idx)
    if deps is None:
        return None
    return f"code-{ck}-{fn.idx}-{_callee_sig(vm.prog, deps)}{_runtime_variant(vm)}"


def _runtime_variant(vm) -> str:
    """How the runtime's code differs with the options: -o check:race
    remembers its accesses (_crec), sleep sets log where they are (_fpt);
    --symbolic sends operations on symbolic values to the engine."""
    return ("-race" if vm.check_race else "-fp" if vm.footprints else "") + ("-sym" if vm.symbolic else "")


def _deps(ck: str, idx: int):
    """The runtime function's direct callees (ck: which runtime, "rt" or
    "rt64", link.py)."""
    key = ("deps", ck, idx)
    if key in _code_memo:
        return _code_memo[key]
    d = get_obj(f"deps-{ck}-{idx}")
    if d is not None and not (isinstance(d, tuple) and all(isinstance(i, int) for i in d)):
        d = None
    if d is not None:
        _code_memo[key] = d
    return d


def _callee_sig(prog, deps) -> str:
    """What code generation of a runtime function depends on in the program
    it is linked with: each function it calls directly, as linked."""
    h = hashlib.blake2b(digest_size=12)
    fns = prog.functions
    for i in deps:
        f = fns[i] if i < len(fns) else None
        if f is None:
            h.update(b"?;")
            continue
        t = f.ty
        h.update(f"{i}:{f.name}:{int(f.decl)}:{int(f.system)}:{t.text if t is not None else ''}:"
                 f"{len(t.params) if t is not None else -1}:{int(bool(t and t.vararg))};".encode())
    return h.hexdigest()


def _knames(code, out: set) -> None:
    for n in code.co_names:
        if n[:1] == "K" and n[1:].isdigit():
            out.add(n)
    for c in code.co_consts:
        if c.__class__ is code.__class__:
            _knames(c, out)


def _rename(code, m: dict):
    consts = tuple(_rename(c, m) if c.__class__ is code.__class__ else c for c in code.co_consts)
    names = tuple(m.get(n, n) for n in code.co_names)
    return code.replace(co_names=names, co_consts=consts)


def _all_names(code, out: set) -> None:
    out.update(code.co_names)
    for c in code.co_consts:
        if c.__class__ is code.__class__:
            _all_names(c, out)


def _portable(vm, code, knames: set) -> bool:
    """Code can be cached only if the globals it uses exist in every VM: the
    namespace a VM starts with, F<n> functions and K<n> pooled constants
    (which load_code renames).  Anything else the code generator might put
    into one VM's namespace keeps the function out of the cache."""
    static = _code_memo.get("static")
    if static is None:
        static = _code_memo["static"] = frozenset(vm.namespace())
    names: set = set()
    _all_names(code, names)
    g = vm.G
    for n in names:
        if n in g and n not in static and n not in knames and not (n[:1] == "F" and n[1:].isdigit()):
            return False
    return True


def load_code(vm, fn):
    """(code, linemap, resume) for fn from the cache, with fn's codegen
    attributes restored and its constants entered in vm's pool; or None."""
    try:
        if os.environ.get("DIVM_DUMP"):
            return None
        name = _code_name(vm, fn)
        if name is None:
            return None
        ent = _code_memo.get(name)
        if ent is None:
            data = get(name)
            if data is None:
                return None
            ent = _code_memo[name] = data
        raw, linemap, resume, attrs, knames, kvals = pickle.loads(ent)
        code = marshal.loads(raw)
        if knames:
            m = {}
            for k, v in zip(knames, kvals):
                m[k] = vm.pool(v)
            code = _rename(code, m)
        for k, v in attrs.items():
            setattr(fn, k, v)
        return code, linemap, resume
    except Exception:
        return None


def store_code(vm, fn, code, linemap, resume, before: dict) -> None:
    try:
        ck = getattr(fn, "ckey", None)
        if ck is None or env_dir() is None:
            return
        name = _code_name(vm, fn)
        if name is None and not ck.startswith("u-"):
            # first time this runtime function is generated: record its callees
            deps = tuple(sorted({ins.x["callee"].idx for b in fn.blocks for ins in b.ins
                                 if ins.op == "call" and ins.x.get("callee") is not None}))
            put_obj(f"deps-{ck}-{fn.idx}", deps)
            _code_memo[("deps", ck, fn.idx)] = deps
            name = f"code-{ck}-{fn.idx}-{_callee_sig(vm.prog, deps)}{_runtime_variant(vm)}"
        if name is None:
            return
        attrs = {k: v for k, v in fn.__dict__.items()
                 if k not in _NOT_CODEGEN and (k not in before or before[k] is not v)}
        ks: set = set()
        _knames(code, ks)
        knames = sorted(ks)
        if not _portable(vm, code, ks):
            return
        kvals = [vm._pool[int(k[1:])] for k in knames]
        data = pickle.dumps((marshal.dumps(code), linemap, resume, attrs, knames, kvals),
                            protocol=pickle.HIGHEST_PROTOCOL)
        _code_memo[name] = data
        put(name, data)
    except Exception:
        pass


# -- divm's own bytecode ----------------------------------------------------------------
# With PYTHONDONTWRITEBYTECODE set, Python compiles divm's modules from source
# at every start (about 0.1 s); they are then kept in the cache too
# (<cache>/pyc, keyed by each file's contents and the interpreter).

def install_bytecode_cache() -> None:
    import importlib.machinery as M
    base = base_dir()
    if base is None:
        return
    pyc = base / "pyc"
    tag = (sys.implementation.cache_tag or "").encode() + M.__dict__.get("BYTECODE_SUFFIXES", [""])[0].encode()
    from importlib.util import MAGIC_NUMBER
    tag += MAGIC_NUMBER

    class Loader(M.SourceFileLoader):
        def get_code(self, fullname):
            try:
                src = self.get_data(self.path)
                h = hashlib.blake2b(src + tag + self.path.encode(), digest_size=16).hexdigest()
                f = pyc / f"{fullname}-{h}"
                data = _read_entry(f)
                if data is not None:
                    try:
                        return marshal.loads(data)
                    except Exception:
                        pass
                code = self.source_to_code(src, self.path)
                _write_entry(pyc, f.name, marshal.dumps(code))
                return code
            except Exception:
                return super().get_code(fullname)

    class Finder:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if not name.startswith("divm.") or path is None:
                return None
            spec = M.PathFinder.find_spec(name, path, target)
            if spec is not None and type(spec.loader) is M.SourceFileLoader:
                spec.loader = Loader(spec.loader.name, spec.loader.path)
            return spec

        @staticmethod
        def invalidate_caches():
            pass

    sys.meta_path.insert(0, Finder)
