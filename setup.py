from setuptools import Extension, find_packages, setup

setup(
    name="divm",
    version="0.1.0",
    description="A verifier for C programs on a virtual machine with graph memory",
    packages=find_packages(include=["divm", "divm.*"]),
    python_requires=">=3.11",
    install_requires=["cffi>=1.15", "z3-solver>=4.12", "pyyaml>=6.0", "jsonschema>=4.17", "scipy>=1.9"],
    # the SV-COMP witness schemas divm checks its witnesses against
    package_data={"divm.cli": ["schemas/*.yml", "schemas/*.md"]},
    # the canonical-state walk in C; without a compiler divm runs the same
    # algorithm in Python
    ext_modules=[Extension("divm.state._speedups", ["divm/state/_speedups.c"], optional=True)],
    extras_require={"test": ["pytest>=7", "pytest-timeout>=2.1", "pytest-xdist>=3.0", "ruff>=0.4", "benchexec>=3.20"],
                    "cluster": ["ray>=2.9"]},
    entry_points={"console_scripts": ["divm=divm.cli.main:main"]},
)
