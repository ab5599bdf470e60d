"""Choosing block sizes on the TPU timing model: tessera.jax.tune times every candidate of the
matmul of matmul.py (next to this file) on v5e without computing it, sorts them by simulated
time and rejects the ones a TPU would refuse, with the reason. The best candidate is then run
for real and checked against numpy.

    python examples/tune.py
"""
import os
import sys

import jax
import numpy as np

import tessera.jax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matmul import matmul  # noqa: E402

M = K = N = 1024


def make_call(bm, bk):
    return lambda x, y: matmul(x, y, bm=bm, bn=256, bk=bk, precision=jax.lax.Precision.HIGHEST)


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((M, K), np.float32)
    y = rng.standard_normal((K, N), np.float32)

    result = tessera.jax.tune(make_call, {"bm": [100, 128, 512], "bk": [128, 1024]}, x, y, chip="v5e")
    print(result)

    valid = [c for c in result.candidates if c.valid]
    invalid = [c for c in result.candidates if not c.valid]
    seconds = [c.simulated_seconds for c in valid]
    assert len(valid) == 4 and seconds == sorted(seconds), result
    # 100 rows: a TPU block's second-to-last dimension must be divisible by 8
    assert [c.params["bm"] for c in invalid] == [100, 100], result
    assert all("divisible by 8 and 128" in c.error for c in invalid), result
    # bigger blocks mean fewer grid steps, each with its fixed cost: 128 x 128 is the slowest
    assert valid[-1].params == {"bm": 128, "bk": 128}, result

    tessera.jax.enable()
    got = np.asarray(jax.jit(make_call(**result.best_params))(x, y))
    tessera.jax.disable()
    np.testing.assert_allclose(got, x.astype(np.float64) @ y.astype(np.float64), rtol=1e-5, atol=1e-3)
    print(f"best {result.best_params}: {result.best.simulated_seconds * 1e6:.1f} us simulated on v5e, "
          "equal to numpy: ok")


if __name__ == "__main__":
    main()
