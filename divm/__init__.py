"""divm: a verifier for C programs on a virtual machine with graph memory.

The Python API (README "Python API"): `divm.load_program`, `divm.run`,
`divm.verify`, `divm.machine`, and the plug-in interfaces `divm.Explorer`,
`divm.Task`, `divm.Checker`.  They are imported on first use, so that
`import divm` (and `divm run`'s start-up) stays cheap."""

from divm.cli import __version__ as __version__

import sys as _sys

if _sys.dont_write_bytecode:  # keep divm's compiled modules in divm's cache instead
    try:
        from divm.load.cache import install_bytecode_cache as _ibc
        _ibc()
    except Exception:
        pass

__all__ = ["__version__", "load_program", "run", "verify", "machine", "explorers", "Machine", "Explorer", "Task",
           "Result", "Limits", "Checker", "StateStore", "UsageError"]


def __getattr__(name: str):
    if name in __all__:
        from divm.cli import api
        value = getattr(api, name)
        globals()[name] = value  # once: later look-ups do not come here
        return value
    raise AttributeError(f"module 'divm' has no attribute {name!r}")
