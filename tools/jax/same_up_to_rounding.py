"""Whether a regenerated suite file matches the committed one up to the host's rounding.

The expected outputs under tests/jax_suite are computed by JAX on the CPU that exports them,
and XLA:CPU's code differs from CPU to CPU (AVX-512 against AVX2: other vector widths, other
orders of the same sums). So a reference regenerated on another machine may differ in the
last bits. This accepts exactly that: for an expected_*.npy, the same dtype and shape and
every element within 4 machine epsilons of the array's largest magnitude (one rounding of a
sum at the array's scale is one epsilon); for manifest.json, the same JSON once the measured
`interpret_vs_reference_max_abs_err` values (a measurement on the host, not an artifact) are
set aside. Exit 0 when the two match so, 1 (with the reason) otherwise.

    python same_up_to_rounding.py COMMITTED GENERATED
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

EPS_PER_SCALE = 4.0
MEASURED = "interpret_vs_reference_max_abs_err"


def _floats(a: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The array as float64 and its dtype's epsilon; None when it is not floating point."""
    if a.dtype.kind == "V" and a.dtype.itemsize == 2:  # bf16 as numpy stores it without ml_dtypes
        a = a.view(ml_dtypes.bfloat16)
    try:
        eps = float(ml_dtypes.finfo(a.dtype).eps)
    except ValueError:
        return None
    return a.astype(np.float64), eps


def same_npy(committed: Path, generated: Path) -> str | None:
    a, b = np.load(committed), np.load(generated)
    if a.dtype != b.dtype or a.shape != b.shape:
        return f"{a.dtype}{list(a.shape)} against {b.dtype}{list(b.shape)}"
    fa, fb = _floats(a), _floats(b)
    if fa is None or fb is None:
        return "not floating point: only an exact match will do"
    (x, eps), (y, _) = fa, fb
    if not np.array_equal(np.isnan(x), np.isnan(y)):
        return "NaNs in other places"
    finite = ~np.isnan(x)
    if not np.array_equal(x[~np.isfinite(x) & finite], y[~np.isfinite(y) & finite]):
        return "infinities differ"
    ok = np.isfinite(x) & np.isfinite(y)
    if not ok.any():
        return None
    scale = float(np.max(np.abs(y[ok])))
    worst = float(np.max(np.abs(x[ok] - y[ok])))
    if worst > EPS_PER_SCALE * eps * scale:
        return f"differs by {worst:.3g}, more than {EPS_PER_SCALE:g} eps ({eps:.3g}) of the scale {scale:.3g}"
    return None


def _drop_measured(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _drop_measured(x) for k, x in v.items() if k != MEASURED}
    if isinstance(v, list):
        return [_drop_measured(x) for x in v]
    return v


def same_manifest(committed: Path, generated: Path) -> str | None:
    a, b = (json.loads(p.read_text()) for p in (committed, generated))
    return None if _drop_measured(a) == _drop_measured(b) else "differs beyond the measured errors"


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    committed, generated = Path(argv[1]), Path(argv[2])
    if committed.name == "manifest.json":
        why = same_manifest(committed, generated)
    elif committed.name.startswith("expected_") and committed.suffix == ".npy":
        why = same_npy(committed, generated)
    else:
        why = "not a reference output: only an exact match will do"
    if why:
        print(f"{committed}: {why}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
