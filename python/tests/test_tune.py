"""tessera.jax.tune on the suite's matmul and flash attention kernels: candidates sorted by
simulated time, invalid ones (a TPU block-shape rule, VMEM overflow) rejected with the reason,
and the best candidate's time equal to a direct timing run of it (a full, computing run
through the FFI handler: another path to the same model)."""
from __future__ import annotations

import jax
import ml_dtypes
import numpy as np
import pytest

from conftest import SUITE


def direct_seconds(tj, f, args, chip):
    with tj.enabled(chip=chip, check=False):
        g = jax.jit(f)
        jax.block_until_ready(g(*args))
        with tj.timing(chip=chip) as t:
            jax.block_until_ready(g(*args))
    return t.simulated_seconds, t.kernels[0]["verdict"]


def check_sorted(result):
    valid = [c for c in result.candidates if c.valid]
    assert valid and all(c.timing_only for c in valid)
    seconds = [c.simulated_seconds for c in valid]
    assert seconds == sorted(seconds) and seconds[0] > 0
    assert result.candidates[:len(valid)] == valid  # the invalid ones last
    assert result.best is valid[0] and result.best_params == valid[0].params
    return valid


def test_tune_matmul(tessera_jax, capfd):
    m = k = n = 2048

    def make_call(bm, bk, bn):
        return SUITE.matmul(m=m, k=k, n=n, bm=bm, bk=bk, bn=bn, dtype="bfloat16")[0](False)

    rng = np.random.default_rng(0)
    a = rng.standard_normal((m, k), np.float32).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((k, n), np.float32).astype(ml_dtypes.bfloat16)
    grid = {"bm": [128, 512, 100], "bk": [256, 2048], "bn": [256, 2048]}
    result = tessera_jax.tune(make_call, grid, a, b, chip="v5e", progress=True)
    assert len(result.candidates) == 12
    valid = check_sorted(result)
    invalid = {tuple(c.params.values()): c.error for c in result.candidates if not c.valid}
    # bm=100 breaks the TPU block-shape rule (second-to-last dimension divisible by 8)
    for bk in (256, 2048):
        for bn in (256, 2048):
            assert "divisible by 8 and 128" in invalid.pop((100, bk, bn))
    # (512, 2048) and (2048, 2048) bf16 inputs double-buffered, a (512, 2048) f32 output and
    # accumulator: 4 + 16 + 8 + 4 MiB fit v5e's 128 MiB; nothing else is invalid
    assert invalid == {}
    assert len(valid) == 8
    assert "tune: [" in capfd.readouterr().err  # the progress bar
    seconds, verdict = direct_seconds(tessera_jax, make_call(**result.best_params), [a, b], "v5e")
    assert result.best.simulated_seconds == pytest.approx(seconds, rel=1e-12)
    assert result.best.verdict == verdict
    assert "invalid" in str(result) and "divisible by 8 and 128" in str(result)


def test_tune_vmem_overflow(tessera_jax):
    m = 4096

    def make_call(b):
        return SUITE.matmul(m=m, k=m, n=m, bm=b, bk=b, bn=b, dtype="bfloat16")[0](False)

    a = np.zeros((m, m), ml_dtypes.bfloat16)
    result = tessera_jax.tune(make_call, [{"b": 4096}, {"b": 1024}], a, a, chip="v5e", progress=False)
    assert [c.params["b"] for c in result.candidates] == [1024, 4096]
    bad = result.candidates[1]
    # a grid of one step: each block keeps one buffer (it never moves), beside the f32 scratch
    needed = m * m * (2 + 2 + 4) + m * m * 4
    assert not bad.valid and f"VMEM needed {needed} bytes" in bad.error and "exceeds the limit" in bad.error
    with pytest.raises(ValueError, match="no candidate is valid"):
        tessera_jax.tune(make_call, [{"b": 4096}], a, a, progress=False).best


def test_tune_flash_attention(tessera_jax):
    s, d = 1024, 128

    def make_call(bq, bk):
        return SUITE.flash_attention(bh=1, s=s, d=d, bq=bq, bk=bk)[0](False)

    q, kk, v = (np.random.default_rng(i).standard_normal((1, s, d), np.float32) for i in range(3))
    result = tessera_jax.tune(make_call, {"bq": [128, 256, 512], "bk": [128, 512, 100]}, q, kk, v,
                              chip="v5p", progress=False)
    valid = check_sorted(result)
    assert len(valid) == 6
    assert all("divisible by 8 and 128" in c.error for c in result.candidates if not c.valid)
    seconds, verdict = direct_seconds(tessera_jax, make_call(**result.best_params), [q, kk, v], "v5p")
    assert result.best.simulated_seconds == pytest.approx(seconds, rel=1e-12)
    assert result.best.verdict == verdict


@pytest.mark.parametrize("name,value", [("chip", "v99"), ("chip", None), ("workers", 0), ("workers", -1),
                                        ("workers", 1.5), ("progress", "no"), ("candidates", 5),
                                        ("candidates", {"bm": 128}), ("candidates", [128]), ("make_call", 3)])
def test_tune_bad_options(tessera_jax, name, value):
    """A bad argument is a ValueError naming it up front, not a result whose every candidate
    is invalid with the same error (an unknown chip, make_call not callable) nor a TypeError
    from deep inside."""
    def make_call(bm):
        return SUITE.matmul(m=256, k=256, n=256, bm=bm, bk=128, bn=128, dtype="float32")[0](False)
    args = {"make_call": make_call, "candidates": {"bm": [128]}}
    kw = {"chip": "v5e"}
    if name in args:
        args[name] = value
    else:
        kw[name] = value
    x = np.ones((256, 256), np.float32)
    with pytest.raises(ValueError, match=f"tessera: .*{name}"):
        tessera_jax.tune(args["make_call"], args["candidates"], x, x, **kw)
