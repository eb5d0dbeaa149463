"""BenchExec tool-info module for divm (`divm svcomp`).

BenchExec loads a tool-info module by its full Python name when the name
contains a dot, so with this checkout's root on PYTHONPATH no copy into
benchexec/tools/ is needed:

    PYTHONPATH=/path/to/divm python3 -m benchexec.test_tool_info tools.benchexec.divm
    PYTHONPATH=/path/to/divm benchexec bench.xml     # <benchmark tool="tools.benchexec.divm" ...>

(or copy this file to benchexec/tools/divm.py and write tool="divm").

The executable is the `divm` console script: in --tool-directory, in its
bin/ (a virtualenv or install prefix), or on PATH.  Each run is

    divm svcomp [OPTIONS] --prop P.prp [--data-model M] [--max-time S] [--max-memory 90%] PROG.c

and writes witness.yml (and witness.graphml for a violation) into the
working directory.
"""

import re

import benchexec.result as result
from benchexec.tools.template import BaseTool2, ToolNotFoundException, UnsupportedFeatureException

# The verdicts `divm svcomp` prints as the last line of stdout.
VERDICTS = {
    "true": result.RESULT_TRUE_PROP,
    "false(unreach-call)": result.RESULT_FALSE_REACH,
    "false(valid-deref)": result.RESULT_FALSE_DEREF,
    "false(valid-free)": result.RESULT_FALSE_FREE,
    "false(valid-memtrack)": result.RESULT_FALSE_MEMTRACK,
    "false(valid-memcleanup)": result.RESULT_FALSE_MEMCLEANUP,
    "false(no-overflow)": result.RESULT_FALSE_OVERFLOW,
    "false(no-data-race)": result.RESULT_FALSE_DATARACE,
    "false(termination)": result.RESULT_FALSE_TERMINATION,
    "unknown": result.RESULT_UNKNOWN,
}

DATA_MODELS = ("ILP32", "LP64")

_INTERNAL_ERROR_LINE = re.compile(r"^divm: internal error: ([\w.]+)")

# Last line of a Python traceback: "ModuleNotFoundError: No module named 'x'".
_EXCEPTION_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt)):?")


class Tool(BaseTool2):
    """
    divm: a verifier for C programs on a virtual machine with graph memory.
    Runs `divm svcomp` on SV-COMP tasks (one C file, a property file, and
    the task's data model).
    """

    def executable(self, tool_locator: BaseTool2.ToolLocator) -> str:
        try:
            return tool_locator.find_executable("divm")
        except ToolNotFoundException:
            # --tool-directory may name a virtualenv or prefix rather than its bin/
            return tool_locator.find_executable("divm", subdir="bin")

    def name(self) -> str:
        return "divm"

    def project_url(self) -> str | None:
        # no public web page yet; BenchExec treats None as "no link"
        return None

    def version(self, executable: str) -> str:
        # `divm --version` prints "divm 0.1.0"; BenchExec wants just "0.1.0"
        return self._version_from_tool(executable, line_prefix="divm")

    def cmdline(self, executable: str, options: list[str], task: BaseTool2.Task,
                rlimits: BaseTool2.ResourceLimits) -> list[str]:
        cmd = [executable, "svcomp", *options]
        if task.property_file and "--prop" not in options:
            cmd += ["--prop", task.property_file]
        data_model = task.options.get("data_model") if isinstance(task.options, dict) else None
        if data_model and "--data-model" not in options:
            if data_model not in DATA_MODELS:
                raise UnsupportedFeatureException(f"Unsupported data_model '{data_model}'")
            cmd += ["--data-model", data_model]
        # lets divm stop by itself and answer `unknown` before BenchExec kills it
        time_limit = rlimits.cputime or rlimits.walltime
        if time_limit and "--max-time" not in options:
            cmd += ["--max-time", str(time_limit)]
        # divm watches its resident size only now and then: leave it a margin
        # below the limit at which the kernel kills it
        if rlimits.memory and "--max-memory" not in options:
            cmd += ["--max-memory", f"{rlimits.memory * 9 // 10 >> 20}M"]
        return [*cmd, task.single_input_file]

    def determine_result(self, run: BaseTool2.Run) -> str:
        # A result after BenchExec stopped the run must not count; BenchExec
        # itself writes TIMEOUT / OUT OF MEMORY / KILLED for these.
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        if run.was_terminated:
            return result.RESULT_ERROR
        if run.exit_code.signal:
            return f"{result.RESULT_ERROR} (signal {run.exit_code.signal})"
        if run.exit_code.value == 2:
            # one stderr line: "divm: error: ..." for input divm rejects (compile
            # errors, unsupported constructs), "divm: internal error: Exc: ..." for bugs
            for line in reversed(run.output):
                m = _INTERNAL_ERROR_LINE.match(line)
                if m:
                    return f"{result.RESULT_ERROR} (internal: {m.group(1)})"
            return f"{result.RESULT_ERROR} (invalid input)"
        if run.exit_code.value == 3:
            return f"{result.RESULT_ERROR} (interrupted)"
        if run.exit_code.value:
            exception = _last_exception(run.output)
            return f"{result.RESULT_ERROR} ({exception or f'exit {run.exit_code.value}'})"
        # BenchExec merges stderr into the output, and divm's stderr may
        # come after the verdict line, so take the last line that is a verdict.
        for line in reversed(run.output):
            verdict = VERDICTS.get(line.strip())
            if verdict:
                return verdict
        return f"{result.RESULT_ERROR} (no verdict)"


def _last_exception(output: BaseTool2.RunOutput) -> str | None:
    """The exception class of the last Python traceback in output, if any."""
    lines = list(output)
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith("Traceback (most recent call last)"):
            for line in lines[i + 1:]:
                m = _EXCEPTION_LINE.match(line)
                if m:
                    return m.group(1)
            return "crash"
    return None
