"""divm: a verifier for C programs on a virtual machine with graph memory."""

__version__ = "0.1.0"
