"""The front ends: the `divm` command line (one module per command) and the
public Python API (`api.py`, what `import divm` offers)."""

__version__ = "0.1.0"
