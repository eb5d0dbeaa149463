# divm: `make demo` sets everything up and runs an example; `make test` runs the tests.
PY      ?= python3
CLANG   ?= clang-22
LINK    ?= llvm-link-22
RUNTIME := build/runtime
CFLAGS_RT := -c -emit-llvm -O1 -gline-tables-only -fno-builtin -ffp-contract=off -nostdlibinc \
             -isystem libc-shim/include -isystem dios/include -D__divm__ -D__divine__ \
             -fno-stack-protector -fno-pic -fno-pie -Wno-everything
LIBC_SRC := $(shell find libc-shim/src -name '*.c' | sort)
DIOS_SRC := $(shell find dios/src -name '*.c' | sort)
HEADERS  := $(shell find libc-shim/include dios/include -name '*.h')

.PHONY: all deps runtime speedups test demo bench clean lint

all: runtime speedups

# system packages (clang/LLVM 22, csmith) and the Python package
deps:
	@if ! command -v $(CLANG) >/dev/null || ! command -v $(LINK) >/dev/null || \
	    ! command -v csmith >/dev/null || ! command -v dot >/dev/null || \
	    ! command -v chromium >/dev/null || [ ! -e /usr/lib32/crt1.o ]; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update -qq && \
	    $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-22 llvm-22 csmith libcsmith-dev graphviz chromium gcc-multilib >/dev/null; \
	fi
	@$(PY) -c 'import cffi, pytest, xdist, pytest_timeout, z3, yaml, jsonschema, benchexec, scipy, ray' 2>/dev/null && $(PY) -m pip show -q divm >/dev/null 2>&1 \
	    || $(PY) -m pip install -q -e '.[test,cluster]'

# the same runtime for a 32-bit `long` (LLP64: SV-COMP's ILP32 tasks, whose
# long is 32 bits while divm's pointers stay 64)
LLP64 := $(RUNTIME)/llp64
runtime: $(RUNTIME)/libc.bc $(RUNTIME)/dios.bc $(LLP64)/libc.bc $(LLP64)/dios.bc

# the canonical-state walk in C (pip builds it too); without a compiler
# divm uses the same algorithm in Python
SPEEDUPS := divm/state/_speedups$(shell $(PY) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
speedups: $(SPEEDUPS)
$(SPEEDUPS): divm/state/_speedups.c
	@$(PY) setup.py -q build_ext --inplace >/dev/null 2>&1 && echo "built $@" || \
	    echo "note: divm/state/_speedups.c not built (no C compiler?): the Python walk is used"

# $(call runtime_part,OUT,SOURCES,EXTRA FLAGS); linked into a temporary file
# and renamed, so that a divm running meanwhile never reads a part-written
# runtime (an empty module parses, and would be cached as the runtime)
define runtime_part
	@mkdir -p $(dir $(1))/$(basename $(notdir $(1)))
	@set -e; objs=; for f in $(2); do \
	    o=$(dir $(1))/$(basename $(notdir $(1)))/$$(echo $$f | tr / _).bc; \
	    $(CLANG) $(CFLAGS_RT) $(3) $$f -o $$o; objs="$$objs $$o"; done; \
	    $(LINK) $$objs -o $(1).tmp; mv -f $(1).tmp $(1)
	@echo "built $(1)"
endef

$(RUNTIME)/libc.bc: $(LIBC_SRC) $(HEADERS)
	$(call runtime_part,$@,$(LIBC_SRC),)
$(RUNTIME)/dios.bc: $(DIOS_SRC) $(HEADERS)
	$(call runtime_part,$@,$(DIOS_SRC),)
$(LLP64)/libc.bc: $(LIBC_SRC) $(HEADERS)
	$(call runtime_part,$@,$(LIBC_SRC),--target=x86_64-w64-windows-gnu)
$(LLP64)/dios.bc: $(DIOS_SRC) $(HEADERS)
	$(call runtime_part,$@,$(DIOS_SRC),--target=x86_64-w64-windows-gnu)

test: deps runtime speedups
	$(PY) -m pytest -q -x --timeout=900 -n 2 --dist loadgroup tests

demo: deps runtime speedups
	$(PY) -m divm run examples/hello.c -- world
	-$(PY) -m divm run examples/bug.c
	-$(PY) -m divm verify --trace-out build/race.trace.json examples/race.c
	-$(PY) -m divm replay examples/race.c build/race.trace.json

bench: deps runtime speedups
	$(PY) tools/bench

lint: deps
	$(PY) -m ruff check divm tools tests examples

clean:
	rm -rf build divm/state/_speedups*.so
