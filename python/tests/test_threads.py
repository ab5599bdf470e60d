"""Two Python threads calling jitted kernels at once get right results: XLA runs the kernel
calls on its threads, through one compile cache and a pool of machines."""
from __future__ import annotations

import threading

import jax
import numpy as np

from tessera import _native
from conftest import KERNELS, assert_close, inputs_of


def test_two_threads(tessera_jax):
    tessera_jax.enable()  # for every thread (enabled() would be this thread's only)
    names = ["flash_attention", "block_sparse_matmul"]
    fns = {n: jax.jit(KERNELS[n].build(False)) for n in names}
    wants = {n: jax.jit(KERNELS[n].ref)(*inputs_of(KERNELS[n])) for n in names}
    before = _native.ffi_lib.tsr_ffi_compilations()
    errors, start = [], threading.Barrier(2)

    def work(name):
        try:
            k = KERNELS[name]
            rng = np.random.default_rng(hash(name) % 1000)
            start.wait()
            for _ in range(10):
                # fresh float inputs each time (scalar-prefetch block lists kept)
                xs = [np.where(x == 0, x, rng.standard_normal(x.shape).astype(x.dtype))
                      if x.dtype.kind == "f" else x for x in inputs_of(k)]
                assert_close(fns[name](*xs), jax.jit(k.ref)(*xs), k.rtol, k.atol, name)
            assert_close(fns[name](*inputs_of(k)), wants[name], k.rtol, k.atol, name)
        except BaseException as e:  # noqa: BLE001 - handed to the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    # each kernel compiled once, whichever thread lowered it first
    assert _native.ffi_lib.tsr_ffi_compilations() - before == 2
