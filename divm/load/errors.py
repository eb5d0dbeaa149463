"""The two kinds of failure divm reports about itself rather than the
program: bad input (a one-line error, exit status 2) and an internal
limitation met while running (an unsupported construct)."""


class LoadError(Exception):
    """Bad input: reported on one line, exit status 2."""


class VMError(Exception):
    """An internal limitation met at run time (not a program error)."""


class Unsupported(Exception):
    """A construct the VM cannot run, met while decoding (the decoder
    reports it as a LoadError saying where)."""
