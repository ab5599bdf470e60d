"""Checks of the options the package's front doors take (tessera.run, tessera.inspect,
tessera.jax.enable/enabled/timing/tune): a value of the wrong type, out of range or None is a
ValueError naming the option when it is given, not a failure deep in ctypes, MLIR or the C
library at the first kernel call."""
from __future__ import annotations

import math
import numbers
import os
from typing import Any

import numpy as np

I64_MAX = 2**63 - 1
C_INT_MAX = 2**31 - 1


def _fail(name: str, want: str, value: Any) -> ValueError:
    return ValueError(f"tessera: {name} is {want}, not {value!r}")


def flag(name: str, value: Any) -> bool:
    """True or False (numpy's bools too); 0 and 1 and other truthy things are refused, since a
    string such as "no" would read as True."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise _fail(name, "True or False", value)


def integer(name: str, value: Any, lo: int, hi: int, want: str | None = None) -> int:
    """An integer (a Python or numpy int, not a bool or a float) in [lo, hi]."""
    ok = isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))
    if not ok or not lo <= int(value) <= hi:
        raise _fail(name, want or f"an integer from {lo} to {hi}", value)
    return int(value)


def host_helpers(value: Any) -> int:
    return integer("host_helpers", value, -1, 64, "-1 (none), 0 (every idle CPU) or 1..64")


def seconds(name: str, value: Any, hi: float) -> float:
    """A finite positive number of seconds, at most `hi`."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))
    if not ok or not math.isfinite(float(value)) or not 0 < float(value) <= hi:
        raise _fail(name, f"a positive number of seconds (at most {hi:g})", value)
    return float(value)


def one_of(name: str, value: Any, choices: Any) -> Any:
    """One of `choices` (compared by equality and type: True is not 1)."""
    for c in choices:
        if type(value) is type(c) and value == c:
            return c
    raise _fail(name, "one of " + ", ".join(repr(c) for c in choices), value)


def chip(value: Any, name: str = "chip") -> str:
    """A chip: a built-in chip's name or a chip JSON file (a str or an os.PathLike). A path
    (one with a '/' or ending in .json, as tsr_chip_load reads names) is made absolute, so
    that a later os.chdir does not change which file a kernel call loads."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str) or not value or "\0" in value:
        raise _fail(name, "a built-in chip's name (v4, v5e, v5p, v6e, 7x) or a chip JSON file", value)
    if "/" in value or value.endswith(".json"):
        value = os.path.abspath(value)
    return value
