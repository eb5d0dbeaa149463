from setuptools import find_packages, setup

setup(
    name="divm",
    version="0.1.0",
    description="A verifier for C programs on a virtual machine with graph memory",
    packages=find_packages(include=["divm", "divm.*"]),
    python_requires=">=3.11",
    install_requires=["cffi>=1.15"],
    extras_require={"test": ["pytest>=7", "pytest-timeout>=2.1", "pytest-xdist>=3.0"]},
    entry_points={"console_scripts": ["divm=divm.cli:main"]},
)
