"""Where divm finds its own files: the checkout (libc-shim and DiOS
headers) and the runtime bitcode built from it."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = Path(os.environ.get("DIVM_RUNTIME", ROOT / "build" / "runtime"))
