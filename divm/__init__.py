"""divm: a verifier for C programs on a virtual machine with graph memory."""

__version__ = "0.1.0"

import sys as _sys

if _sys.dont_write_bytecode:  # keep divm's compiled modules in divm's cache instead
    try:
        from divm.load.cache import install_bytecode_cache as _ibc
        _ibc()
    except Exception:
        pass
