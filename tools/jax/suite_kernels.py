# The Pallas TPU kernels of tessera's JAX conformance suite. Written for this project.
#
# Each entry of KERNELS is a Kernel: build(interpret) returns a function of the inputs that
# calls pl.pallas_call (interpret=False for export, pltpu.InterpretParams() or True for the
# interpreters), ref is a plain jax.numpy reference, make_inputs(rng) the inputs.
# Sizes are keyword arguments so that bench/jax/compare.py can build larger variants.
#
# This file is loaded by export_suite.py with a fixed file name so that the source locations
# embedded in the exported modules do not depend on where the repository is checked out.
import functools
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

# f32 matmuls ask for full precision: a TPU takes f32 operands through the MXU as bf16 by
# default (tessera does the same), while the references here are computed on the CPU in f32.
HIGHEST = lax.Precision.HIGHEST


@dataclass
class Kernel:
    name: str
    covers: str
    build: Callable          # build(interpret) -> fn(*inputs)
    ref: Callable            # ref(*inputs) -> output or tuple of outputs
    make_inputs: Callable    # make_inputs(rng) -> list of np arrays
    rtol: float = 1e-5
    atol: float = 1e-6
    # tolerance between the jnp reference and TPU interpret mode (both run by XLA:CPU)
    check_rtol: float | None = None
    check_atol: float | None = None; interpret: str = "tpu"  # or "generic": interpret=True (ref bitcasts)


def _pc(interpret, **kw):
    return functools.partial(pl.pallas_call, interpret=interpret, **kw)


def _cp(*sem):
    return pltpu.CompilerParams(dimension_semantics=sem)


# --------------------------------------------------------------------------------------------
# 1. elementwise ops over a 2-D grid
def elementwise(m=32, n=512, bm=16, bn=128):
    def kern(x_ref, y_ref, o_ref):
        x = x_ref[...]
        y = y_ref[...]
        o_ref[...] = jnp.exp(-x * x) * y + jnp.tanh(x) - jnp.maximum(x, y) / (1.0 + jnp.abs(y))

    def build(interpret):
        def f(x, y):
            spec = pl.BlockSpec((bm, bn), lambda i, j: (i, j))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm, n // bn), in_specs=[spec, spec], out_specs=spec)(kern)(x, y)
        return f

    def ref(x, y):
        return jnp.exp(-x * x) * y + jnp.tanh(x) - jnp.maximum(x, y) / (1.0 + jnp.abs(y))

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32), rng.standard_normal((m, n), np.float32)]
    return build, ref, inputs


# add over a grid (the benchmark's "add over a large grid")
def add_grid(m=64, n=512, bm=16, bn=128):
    def kern(x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] + y_ref[...]

    def build(interpret):
        def f(x, y):
            spec = pl.BlockSpec((bm, bn), lambda i, j: (i, j))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm, n // bn), in_specs=[spec, spec], out_specs=spec)(kern)(x, y)
        return f

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32), rng.standard_normal((m, n), np.float32)]
    return build, (lambda x, y: x + y), inputs


# 2. edge blocks: 600x600 with 256x256 blocks (partial blocks on the last row and column)
def edge_600(n=600, b=256):
    def kern(x_ref, o_ref):
        o_ref[...] = (x_ref[...].astype(jnp.float32) * 2.0 + 1.0).astype(o_ref.dtype)

    def build(interpret):
        def f(x):
            spec = pl.BlockSpec((b, b), lambda i, j: (i, j))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((n, n), jnp.bfloat16),
                       grid=(pl.cdiv(n, b), pl.cdiv(n, b)), in_specs=[spec], out_specs=spec)(kern)(x)
        return f

    def ref(x):
        return (x.astype(jnp.float32) * 2.0 + 1.0).astype(jnp.bfloat16)

    def inputs(rng):
        return [rng.standard_normal((n, n), np.float32).astype(jnp.bfloat16)]
    return build, ref, inputs


# 3. matmul with a K reduction in a VMEM scratch accumulator (f32, bf16, int8)
def matmul(m=64, k=256, n=256, bm=32, bk=128, bn=128, dtype="float32", out_dtype=None):
    dt = jnp.dtype(dtype)
    acc_dt = jnp.int32 if dt == jnp.int8 else jnp.float32
    odt = jnp.dtype(out_dtype) if out_dtype else jnp.dtype(acc_dt)
    nk = k // bk

    def kern(a_ref, b_ref, o_ref, acc_ref):
        kk = pl.program_id(2)

        @pl.when(kk == 0)
        def _():
            acc_ref[...] = jnp.zeros_like(acc_ref)

        acc_ref[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=acc_dt,
                                precision=HIGHEST if dt == jnp.float32 else None)

        @pl.when(kk == nk - 1)
        def _():
            o_ref[...] = acc_ref[...].astype(o_ref.dtype)

    def build(interpret):
        def f(a, b):
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), odt),
                       grid=(m // bm, n // bn, nk),
                       in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                                 pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
                       out_specs=pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j)),
                       scratch_shapes=[pltpu.VMEM((bm, bn), acc_dt)],
                       compiler_params=_cp("parallel", "parallel", "arbitrary"))(kern)(a, b)
        return f

    def ref(a, b):
        return jnp.dot(a, b, preferred_element_type=acc_dt).astype(odt)

    def inputs(rng):
        if dt == jnp.int8:
            return [rng.integers(-128, 128, (m, k), dtype=np.int8),
                    rng.integers(-128, 128, (k, n), dtype=np.int8)]
        a = rng.standard_normal((m, k), np.float32)
        b = rng.standard_normal((k, n), np.float32)
        return [a.astype(dt), b.astype(dt)]
    return build, ref, inputs


# 4. row softmax and layer norm
def softmax(m=64, n=256, bm=16):
    def kern(x_ref, o_ref):
        x = x_ref[...]
        e = jnp.exp(x - jnp.max(x, axis=-1, keepdims=True))
        o_ref[...] = e / jnp.sum(e, axis=-1, keepdims=True)

    def build(interpret):
        def f(x):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec], out_specs=spec)(kern)(x)
        return f

    def inputs(rng):
        return [3.0 * rng.standard_normal((m, n), np.float32)]
    return build, (lambda x: jax.nn.softmax(x, axis=-1)), inputs


def layernorm(m=64, n=256, bm=16, eps=1e-5):
    def kern(x_ref, g_ref, b_ref, o_ref):
        x = x_ref[...]
        mu = jnp.mean(x, axis=-1, keepdims=True)
        d = x - mu
        var = jnp.mean(d * d, axis=-1, keepdims=True)
        o_ref[...] = d * lax.rsqrt(var + eps) * g_ref[...] + b_ref[...]

    def build(interpret):
        def f(x, g, b):
            vspec = pl.BlockSpec((1, n), lambda i: (0, 0))
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            # the (n,) parameters are reshaped to (1, n) by StableHLO around the custom call
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec, vspec, vspec], out_specs=spec)(kern)(
                           x, g.reshape(1, n), b.reshape(1, n))
        return f

    def ref(x, g, b):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mu) ** 2, axis=-1, keepdims=True)
        return (x - mu) / jnp.sqrt(var + eps) * g + b

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32) * 2 + 0.5,
                rng.standard_normal((n,), np.float32), rng.standard_normal((n,), np.float32)]
    return build, ref, inputs


# 5. flash attention forward: online softmax, causal mask, skipped blocks above the diagonal
def flash_attention(bh=1, s=256, d=64, bq=64, bk=128):
    nk = s // bk
    scale = 1.0 / float(np.sqrt(d))

    def kern(q_ref, k_ref, v_ref, o_ref, m_ref, l_ref, acc_ref):
        qi = pl.program_id(1)
        ki = pl.program_id(2)

        @pl.when(ki == 0)
        def _():
            m_ref[...] = jnp.full_like(m_ref, -jnp.inf)
            l_ref[...] = jnp.zeros_like(l_ref)
            acc_ref[...] = jnp.zeros_like(acc_ref)

        @pl.when(ki * bk < (qi + 1) * bq)      # causal: skip blocks entirely above the diagonal
        def _():
            q = q_ref[...]
            k = k_ref[...]
            sc = lax.dot_general(q, k, (((1,), (1,)), ((), ())),
                                 preferred_element_type=jnp.float32, precision=HIGHEST)
            row = qi * bq + lax.broadcasted_iota(jnp.int32, (bq, bk), 0)
            col = ki * bk + lax.broadcasted_iota(jnp.int32, (bq, bk), 1)
            sc = jnp.where(col <= row, sc, -1e30)
            m_prev = m_ref[...]
            m_new = jnp.maximum(m_prev, jnp.max(sc, axis=-1, keepdims=True))
            p = jnp.exp(sc - m_new)
            alpha = jnp.exp(m_prev - m_new)
            l_ref[...] = alpha * l_ref[...] + jnp.sum(p, axis=-1, keepdims=True)
            acc_ref[...] = alpha * acc_ref[...] + jnp.dot(p, v_ref[...],
                                                          preferred_element_type=jnp.float32,
                                                          precision=HIGHEST)
            m_ref[...] = m_new

        @pl.when(ki == nk - 1)
        def _():
            o_ref[...] = (acc_ref[...] / l_ref[...]).astype(o_ref.dtype)

    def build(interpret):
        def f(q, k, v):
            q = q * scale                         # StableHLO multiply before the custom call
            qspec = pl.BlockSpec((None, bq, d), lambda b, i, j: (b, i, 0))
            kspec = pl.BlockSpec((None, bk, d), lambda b, i, j: (b, j, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((bh, s, d), jnp.float32),
                       grid=(bh, s // bq, nk), in_specs=[qspec, kspec, kspec], out_specs=qspec,
                       scratch_shapes=[pltpu.VMEM((bq, 1), jnp.float32),
                                       pltpu.VMEM((bq, 1), jnp.float32),
                                       pltpu.VMEM((bq, d), jnp.float32)],
                       compiler_params=_cp("parallel", "parallel", "arbitrary"))(kern)(q, k, v)
        return f

    def ref(q, k, v):
        sc = jnp.einsum("bqd,bkd->bqk", q * scale, k)
        mask = jnp.tril(jnp.ones((s, s), bool))
        sc = jnp.where(mask, sc, -1e30)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(sc, axis=-1), v)

    def inputs(rng):
        return [rng.standard_normal((bh, s, d), np.float32) for _ in range(3)]
    return build, ref, inputs


# 6. block-sparse matmul with scalar prefetch: per row block, the list of nonzero K blocks
def block_sparse_matmul(m=64, k=384, n=128, bm=16, bk=128, bn=128, density=0.5, seed=7):
    nbm, nbk = m // bm, k // bk
    prng = np.random.default_rng(seed)
    mask = prng.random((nbm, nbk)) < density
    mask[:, 0] |= ~mask.any(axis=1)                 # every row block has one nonzero block
    cnt = mask.sum(axis=1).astype(np.int32)
    maxnnz = int(cnt.max())
    idx = np.zeros((nbm, maxnnz), np.int32)
    for i in range(nbm):
        nz = np.nonzero(mask[i])[0]
        idx[i, :len(nz)] = nz
        idx[i, len(nz):] = nz[-1]                   # repeat the last block: no refetch

    def kern(idx_ref, cnt_ref, a_ref, b_ref, o_ref, acc_ref):
        i = pl.program_id(0)
        t = pl.program_id(2)

        @pl.when(t == 0)
        def _():
            acc_ref[...] = jnp.zeros_like(acc_ref)

        @pl.when(t < cnt_ref[i])
        def _():
            acc_ref[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.float32,
                                    precision=HIGHEST)

        @pl.when(t == pl.num_programs(2) - 1)
        def _():
            o_ref[...] = acc_ref[...]

    def build(interpret):
        def f(idx_, cnt_, a, b):
            gs = pltpu.PrefetchScalarGridSpec(
                num_scalar_prefetch=2, grid=(nbm, n // bn, maxnnz),
                in_specs=[pl.BlockSpec((bm, bk), lambda i, j, t, ix, c: (i, ix[i, t])),
                          pl.BlockSpec((bk, bn), lambda i, j, t, ix, c: (ix[i, t], j))],
                out_specs=pl.BlockSpec((bm, bn), lambda i, j, t, ix, c: (i, j)),
                scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)])
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid_spec=gs,
                       compiler_params=_cp("parallel", "parallel", "arbitrary"))(kern)(
                           idx_, cnt_, a, b)
        return f

    def ref(idx_, cnt_, a, b):
        return jnp.dot(a, b, preferred_element_type=jnp.float32)

    def inputs(rng):
        a = rng.standard_normal((m, k), np.float32)
        a *= np.repeat(np.repeat(mask, bm, axis=0), bk, axis=1)
        return [idx, cnt, a, rng.standard_normal((k, n), np.float32)]
    return build, ref, inputs


# 7. manual async copies and DMA semaphores on ANY (HBM) refs, double-buffered
def manual_dma(rows=128, cols=128, chunk=32):
    nchunks = rows // chunk

    def kern(x_hbm, o_hbm, buf, obuf, in_sem, out_sem):
        def fetch(c, slot):
            return pltpu.make_async_copy(x_hbm.at[pl.ds(c * chunk, chunk)], buf.at[slot],
                                         in_sem.at[slot])

        fetch(0, 0).start()

        def body(c, carry):
            slot = c % 2

            @pl.when(c + 1 < nchunks)
            def _():
                fetch(c + 1, 1 - slot).start()

            fetch(c, slot).wait()
            obuf[slot] = buf[slot] * 2.0 + 1.0
            out = pltpu.make_async_copy(obuf.at[slot], o_hbm.at[pl.ds(c * chunk, chunk)],
                                        out_sem.at[slot])
            out.start()
            out.wait()
            return carry

        lax.fori_loop(0, nchunks, body, 0)

    def build(interpret):
        def f(x):
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((rows, cols), jnp.float32),
                       in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                       out_specs=pl.BlockSpec(memory_space=pl.ANY),
                       scratch_shapes=[pltpu.VMEM((2, chunk, cols), jnp.float32),
                                       pltpu.VMEM((2, chunk, cols), jnp.float32),
                                       pltpu.SemaphoreType.DMA((2,)),
                                       pltpu.SemaphoreType.DMA((2,))])(kern)(x)
        return f

    def inputs(rng):
        return [rng.standard_normal((rows, cols), np.float32)]
    return build, (lambda x: x * 2.0 + 1.0), inputs


# 8. emit_pipeline nested in a pallas_call: a matmul pipelined by hand over ANY refs
def emit_pipeline_matmul(m=64, k=256, n=128, bm=32, bk=128, bn=128):
    nk = k // bk

    def inner(a_ref, b_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=jnp.float32,
                              precision=HIGHEST)

    def kern(a_hbm, b_hbm, o_hbm):
        pltpu.emit_pipeline(
            inner, grid=(m // bm, n // bn, nk),
            in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                      pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
            out_specs=[pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j))])(a_hbm, b_hbm, o_hbm)

    def build(interpret):
        def f(a, b):
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       in_specs=[pl.BlockSpec(memory_space=pl.ANY)] * 2,
                       out_specs=pl.BlockSpec(memory_space=pl.ANY))(kern)(a, b)
        return f

    def inputs(rng):
        return [rng.standard_normal((m, k), np.float32), rng.standard_normal((k, n), np.float32)]
    return build, (lambda a, b: jnp.dot(a, b, preferred_element_type=jnp.float32)), inputs


# 9. dimension semantics: a row-block reduction whose output block is revisited along j
def row_block_sum(m=64, n=512, bm=16, bn=128, sem=("parallel", "arbitrary")):
    def kern(x_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[...] += x_ref[...]

    def build(interpret):
        def f(x):
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, bn), jnp.float32),
                       grid=(m // bm, n // bn),
                       in_specs=[pl.BlockSpec((bm, bn), lambda i, j: (i, j))],
                       out_specs=pl.BlockSpec((bm, bn), lambda i, j: (i, 0)),
                       compiler_params=_cp(*sem))(kern)(x)
        return f

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32)]
    return build, (lambda x: x.reshape(m, n // bn, bn).sum(axis=1)), inputs


# 10. input_output_aliases: the output is written into the first input's buffer
def io_alias(m=32, n=256, bm=16):
    def kern(x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] + 3.0 * y_ref[...]

    def build(interpret):
        def f(x, y):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec, spec], out_specs=spec,
                       input_output_aliases={0: 0})(kern)(x, y)
        return f

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32), rng.standard_normal((m, n), np.float32)]
    return build, (lambda x, y: x + 3.0 * y), inputs


# 11. Buffered(1): a grid-invariant operand with a single buffer
def buffered_one(m=64, n=256, bm=16):
    def kern(x_ref, w_ref, o_ref):
        o_ref[...] = x_ref[...] * w_ref[...]

    def build(interpret):
        def f(x, w):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            wspec = pl.BlockSpec((bm, n), lambda i: (0, 0), pipeline_mode=pl.Buffered(1))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec, wspec], out_specs=spec)(kern)(x, w)
        return f

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32), rng.standard_normal((bm, n), np.float32)]
    return build, (lambda x, w: x * jnp.tile(w, (m // bm, 1))), inputs


# 12. reductions and argmax along the lanes and the sublanes
def reductions(m=64, n=256, bm=16):
    def kern(x_ref, s_ref, mx_ref, am_ref, cm_ref):
        x = x_ref[...]
        s_ref[...] = jnp.sum(x, axis=1, keepdims=True)
        mx_ref[...] = jnp.max(x, axis=1, keepdims=True)
        am_ref[...] = jnp.argmax(x, axis=1, keepdims=True).astype(jnp.int32)
        cm_ref[...] = jnp.min(x, axis=0, keepdims=True)[None]

    def build(interpret):
        def f(x):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            col = pl.BlockSpec((bm, 1), lambda i: (i, 0))
            return _pc(interpret,
                       out_shape=(jax.ShapeDtypeStruct((m, 1), jnp.float32),
                                  jax.ShapeDtypeStruct((m, 1), jnp.float32),
                                  jax.ShapeDtypeStruct((m, 1), jnp.int32),
                                  jax.ShapeDtypeStruct((m // bm, 1, n), jnp.float32)),
                       grid=(m // bm,), in_specs=[spec],
                       out_specs=(col, col, col, pl.BlockSpec((1, 1, n), lambda i: (i, 0, 0))))(
                           kern)(x)
        return f

    def ref(x):
        return (jnp.sum(x, axis=1, keepdims=True), jnp.max(x, axis=1, keepdims=True),
                jnp.argmax(x, axis=1, keepdims=True).astype(jnp.int32),
                jnp.min(x.reshape(m // bm, bm, n), axis=1, keepdims=True))

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32)]
    return build, ref, inputs


# 13. iota, where, broadcast (a lower-triangular select against a broadcast row)
def iota_where_broadcast(m=64, n=256, bm=16):
    def kern(x_ref, r_ref, o_ref):
        i = pl.program_id(0)
        row = i * bm + lax.broadcasted_iota(jnp.int32, (bm, n), 0)
        col = lax.broadcasted_iota(jnp.int32, (bm, n), 1)
        r = jnp.broadcast_to(r_ref[...], (bm, n))
        o_ref[...] = jnp.where(col <= row * 4, x_ref[...], r) + col.astype(jnp.float32) * 0.5

    def build(interpret):
        def f(x, r):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec, pl.BlockSpec((1, n), lambda i: (0, 0))],
                       out_specs=spec)(kern)(x, r)
        return f

    def ref(x, r):
        row = jnp.arange(m)[:, None]
        col = jnp.arange(n)[None, :]
        return jnp.where(col <= row * 4, x, jnp.broadcast_to(r, (m, n))) + col.astype(
            jnp.float32) * 0.5

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32), rng.standard_normal((1, n), np.float32)]
    return build, ref, inputs


# 14. transpose and concatenate
def transpose_concat(m=256, b=128):
    def kern(x_ref, o_ref):
        x = x_ref[...]
        o_ref[...] = jnp.concatenate([x.T, x * 2.0], axis=1)

    def build(interpret):
        def f(x):
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, 2 * b), jnp.float32),
                       grid=(m // b,), in_specs=[pl.BlockSpec((b, b), lambda i: (i, 0))],
                       out_specs=pl.BlockSpec((b, 2 * b), lambda i: (i, 0)))(kern)(x)
        return f

    def ref(x):
        blocks = x.reshape(m // b, b, b)
        return jnp.concatenate([jnp.swapaxes(blocks, 1, 2), blocks * 2.0], axis=2).reshape(m, 2 * b)

    def inputs(rng):
        return [rng.standard_normal((m, b), np.float32)]
    return build, ref, inputs


# 15. pltpu.roll: static rotation along sublanes and a dynamic one (program id) along lanes
def roll(m=64, n=256, bm=16):
    def kern(x_ref, o_ref):
        i = pl.program_id(0)
        x = x_ref[...]
        a = pltpu.roll(x, 3, 0)
        b = pltpu.roll(x, (i * 5 + 1).astype(jnp.int32), 1)
        o_ref[...] = a + 10.0 * b

    def build(interpret):
        def f(x):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec], out_specs=spec)(kern)(x)
        return f

    def ref(x):
        outs = []
        for i in range(m // bm):
            blk = x[i * bm:(i + 1) * bm]
            outs.append(jnp.roll(blk, 3, 0) + 10.0 * jnp.roll(blk, i * 5 + 1, 1))
        return jnp.concatenate(outs, axis=0)

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32)]
    return build, ref, inputs


# 16. fori_loop, while_loop and pl.when
def loops(m=64, n=128, bm=32, chunk=8):
    nch = bm // chunk

    def kern(x_ref, o_ref):
        i = pl.program_id(0)

        def fbody(c, acc):
            return acc + x_ref[pl.ds(pl.multiple_of(c * chunk, chunk), chunk), :] * (
                c + 1).astype(jnp.float32)
        acc = lax.fori_loop(0, nch, fbody, jnp.zeros((chunk, n), jnp.float32))

        def cond(carry):
            t, _ = carry
            return t < i + 3

        def wbody(carry):
            t, v = carry
            return t + 1, v * 0.5 + 1.0
        _, acc = lax.while_loop(cond, wbody, (jnp.int32(0), acc))
        o_ref[...] = acc

        @pl.when(i % 2 == 1)
        def _():
            o_ref[...] = -o_ref[...]

    def build(interpret):
        def f(x):
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m // bm * chunk, n), jnp.float32),
                       grid=(m // bm,), in_specs=[pl.BlockSpec((bm, n), lambda i: (i, 0))],
                       out_specs=pl.BlockSpec((chunk, n), lambda i: (i, 0)))(kern)(x)
        return f

    def ref(x):
        outs = []
        for i in range(m // bm):
            blk = x[i * bm:(i + 1) * bm].reshape(nch, chunk, n)
            acc = sum(blk[c] * (c + 1) for c in range(nch))
            for _ in range(i + 3):
                acc = acc * 0.5 + 1.0
            outs.append(-acc if i % 2 == 1 else acc)
        return jnp.concatenate(outs, axis=0)

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32)]
    return build, ref, inputs


# 17. debug_print of scalars inside the kernel
def debug_print(m=32, n=128, bm=8):
    def kern(x_ref, o_ref):
        i = pl.program_id(0)
        pl.debug_print("tessera debug_print: block {}", i)
        o_ref[...] = x_ref[...] - 1.0

    def build(interpret):
        def f(x):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec], out_specs=spec)(kern)(x)
        return f

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32)]
    return build, (lambda x: x - 1.0), inputs


# 18. graphs around kernels that use StableHLO beyond elementwise ops (issue 19): a cumulative
# sum outside the kernel (reduce_window on TPU) giving group offsets to scalar prefetch, as in
# front of a grouped matmul
def group_offsets(m=64, n=128, bm=16, groups=4):
    def kern(off_ref, x_ref, o_ref):
        i = pl.program_id(0)
        rows = i * bm + lax.broadcasted_iota(jnp.int32, (bm, 1), 0)
        g = jnp.zeros((bm, 1), jnp.int32)
        for k in range(groups):           # the group of a row: offsets at or before it
            g = g + (rows >= off_ref[k]).astype(jnp.int32)
        o_ref[...] = x_ref[...] * (g + 1).astype(jnp.float32)

    def build(interpret):
        def f(sizes, x):
            offsets = jnp.cumsum(sizes)
            gs = pltpu.PrefetchScalarGridSpec(
                num_scalar_prefetch=1, grid=(m // bm,),
                in_specs=[pl.BlockSpec((bm, n), lambda i, off: (i, 0))],
                out_specs=pl.BlockSpec((bm, n), lambda i, off: (i, 0)))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid_spec=gs)(kern)(offsets, x)
        return f

    def ref(sizes, x):
        offsets = jnp.cumsum(sizes)
        g = jnp.sum(jnp.arange(m)[:, None] >= offsets[None, :], axis=1)
        return x * (g + 1).astype(jnp.float32)[:, None]

    def inputs(rng):
        cuts = np.sort(rng.choice(np.arange(1, m), groups - 1, replace=False))
        sizes = np.diff(np.concatenate([[0], cuts, [m]])).astype(np.int32)
        return [sizes, rng.standard_normal((m, n), np.float32)]
    return build, ref, inputs


# rows of a table gathered outside the kernel (jnp.take: stablehlo.gather), centred inside it
def gather_rows(vocab=64, n=128, rows=32, bm=8):
    def kern(x_ref, o_ref):
        x = x_ref[...]
        o_ref[...] = x - jnp.mean(x, axis=1, keepdims=True)

    def build(interpret):
        def f(table, idx):
            picked = jnp.take(table, idx, axis=0)
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((rows, n), jnp.float32),
                       grid=(rows // bm,), in_specs=[spec], out_specs=spec)(kern)(picked)
        return f

    def ref(table, idx):
        picked = table[idx]
        return picked - jnp.mean(picked, axis=1, keepdims=True)

    def inputs(rng):
        return [rng.standard_normal((vocab, n), np.float32), rng.integers(0, vocab, rows).astype(np.int32)]
    return build, ref, inputs


# a kernel called from the body of a lax.while_loop outside it, as many times as the data says
def while_outside(m=32, n=128, bm=16):
    def kern(x_ref, o_ref):
        o_ref[...] = x_ref[...] * 0.5 + 1.0

    def build(interpret):
        def step(x):
            spec = pl.BlockSpec((bm, n), lambda i: (i, 0))
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
                       grid=(m // bm,), in_specs=[spec], out_specs=spec)(kern)(x)

        def f(x, trips):
            _, y = lax.while_loop(lambda c: c[0] < trips[0], lambda c: (c[0] + 1, step(c[1])),
                                  (jnp.int32(0), x))
            return y
        return f

    def ref(x, trips):
        return lax.fori_loop(0, trips[0], lambda _, y: y * 0.5 + 1.0, x)

    def inputs(rng):
        return [rng.standard_normal((m, n), np.float32), np.array([5], np.int32)]
    return build, ref, inputs


# bf16 pages read through a uint32 view, as paged-attention kernels read K and V: the VMEM
# block bitcast to uint32 (two bf16 rows per 32-bit word along the second-minor dimension, as
# TPU tiling packs them), the even and odd rows split off with shifts, and a strided read of
# every other word row (rows 0, 1, 4, 5, ... of the page)
def packed_bf16_pages(pages=4, page=32, d=128):
    def kern(kv_ref, o_ref, s_ref):
        words = kv_ref.bitcast(jnp.uint32)
        w = words[...]
        even = pltpu.bitcast(w << 16, jnp.float32)
        odd = pltpu.bitcast(w & jnp.uint32(0xFFFF0000), jnp.float32)
        o_ref[...] = even * 2.0 + odd
        ws = words[pl.ds(0, page // 4, stride=2), :]
        s_ref[...] = pltpu.bitcast(ws << 16, jnp.float32) - pltpu.bitcast(ws & jnp.uint32(0xFFFF0000), jnp.float32)

    def build(interpret):
        def f(kv):
            return _pc(interpret, out_shape=(jax.ShapeDtypeStruct((pages * page // 2, d), jnp.float32),
                                             jax.ShapeDtypeStruct((pages * page // 4, d), jnp.float32)),
                       grid=(pages,), in_specs=[pl.BlockSpec((page, d), lambda i: (i, 0))],
                       out_specs=(pl.BlockSpec((page // 2, d), lambda i: (i, 0)),
                                  pl.BlockSpec((page // 4, d), lambda i: (i, 0))))(kern)(kv)
        return f

    def ref(kv):
        x = kv.astype(jnp.float32)
        return x[0::2] * 2.0 + x[1::2], x[0::4] - x[1::4]

    def inputs(rng):
        return [rng.standard_normal((pages * page, d), np.float32).astype(jnp.bfloat16)]
    return build, ref, inputs


# int4 weights dequantized in the kernel: int8 values cast to int4 by the graph around it
# (stablehlo.convert), the kernel widening them (arith.extsi) and scaling each column
def int4_dequant(m=64, n=256, bm=32, bn=128):
    def kern(q_ref, s_ref, o_ref):
        o_ref[...] = q_ref[...].astype(jnp.int32).astype(jnp.float32) * s_ref[...]

    def build(interpret):
        def f(q8, scale):
            q = q8.astype(jnp.int4)
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32), grid=(m // bm, n // bn),
                       in_specs=[pl.BlockSpec((bm, bn), lambda i, j: (i, j)), pl.BlockSpec((1, bn), lambda i, j: (0, j))],
                       out_specs=pl.BlockSpec((bm, bn), lambda i, j: (i, j)))(kern)(q, scale)
        return f

    def ref(q8, scale):
        return q8.astype(jnp.float32) * scale

    def inputs(rng):
        return [rng.integers(-8, 8, (m, n)).astype(np.int8), rng.standard_normal((1, n), np.float32)]
    return build, ref, inputs


# float8 operands: f32 inputs rounded to float8_e4m3fn and float8_e5m2 by the graph around the
# kernel, widened in it (arith.extf) and multiplied at full precision
def fp8_matmul(m=64, k=128, n=128, bm=32):
    def kern(a_ref, b_ref, o_ref):
        o_ref[...] = jnp.dot(a_ref[...].astype(jnp.float32), b_ref[...].astype(jnp.float32), precision=HIGHEST)

    def build(interpret):
        def f(a, b):
            return _pc(interpret, out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32), grid=(m // bm,),
                       in_specs=[pl.BlockSpec((bm, k), lambda i: (i, 0)), pl.BlockSpec((k, n), lambda i: (0, 0))],
                       out_specs=pl.BlockSpec((bm, n), lambda i: (i, 0)))(kern)(
                a.astype(jnp.float8_e4m3fn), b.astype(jnp.float8_e5m2))
        return f

    def ref(a, b):
        return jnp.dot(a.astype(jnp.float8_e4m3fn).astype(jnp.float32), b.astype(jnp.float8_e5m2).astype(jnp.float32),
                       precision=HIGHEST)

    def inputs(rng):
        return [rng.standard_normal((m, k), np.float32) * 4, rng.standard_normal((k, n), np.float32)]
    return build, ref, inputs


# Threefry-2x32 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011; 20
# rounds, the rotation constants of the paper), the counter-based generator behind
# jax.random's default keys, written as a kernel: the counters are the element's index (x0)
# and index + m*n (x1), as jax.random.bits counts, made in the kernel from iota and the grid
# position; the key is a scalar-prefetch operand. Nothing but uint32 adds, shifts, ors and
# xors on (bm, n) blocks: a long elementwise chain.
_THREEFRY_ROT = ((13, 15, 26, 6), (17, 29, 16, 24))


def threefry(m=32, n=256, bm=8):
    total = m * n

    def rotl(v, r):
        return (v << jnp.uint32(r)) | (v >> jnp.uint32(32 - r))

    def kern(key_ref, o0_ref, o1_ref):
        k0, k1 = key_ref[0], key_ref[1]
        ks = (k0, k1, k0 ^ k1 ^ jnp.uint32(0x1BD11BDA))
        row = lax.broadcasted_iota(jnp.int32, (bm, n), 0)
        col = lax.broadcasted_iota(jnp.int32, (bm, n), 1)
        idx = ((pl.program_id(0) * bm + row) * n + col).astype(jnp.uint32)
        x0 = idx + ks[0]
        x1 = idx + jnp.uint32(total) + ks[1]
        for g in range(5):
            for r in _THREEFRY_ROT[g % 2]:
                x0 = x0 + x1
                x1 = rotl(x1, r) ^ x0
            x0 = x0 + ks[(g + 1) % 3]
            x1 = x1 + ks[(g + 2) % 3] + jnp.uint32(g + 1)
        o0_ref[...] = x0
        o1_ref[...] = x1

    def build(interpret):
        def f(key):
            spec = pl.BlockSpec((bm, n), lambda i, k: (i, 0))
            gs = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=1, grid=(m // bm,),
                                              in_specs=[], out_specs=[spec, spec])
            shape = jax.ShapeDtypeStruct((m, n), jnp.uint32)
            return _pc(interpret, out_shape=(shape, shape), grid_spec=gs,
                       compiler_params=_cp("parallel"))(kern)(key)
        return f

    def ref(key):
        from jax.extend.random import threefry_2x32
        bits = threefry_2x32(key, jnp.arange(2 * total, dtype=jnp.uint32))
        return bits[:total].reshape(m, n), bits[total:].reshape(m, n)

    def inputs(rng):
        return [rng.integers(0, 2**32, (2,), dtype=np.uint32)]
    return build, ref, inputs


def _k(name, covers, factory, **tol):
    build, ref, inputs = factory()
    return Kernel(name, covers, build, ref, inputs, **tol)


KERNELS = [
    _k("elementwise", "elementwise exp/tanh/max/div/abs over a 2x4 grid of (16,128) f32 blocks",
       elementwise, rtol=1e-5, atol=1e-5),
    _k("edge_600", "600x600 bf16 array with 256x256 blocks: partial edge blocks on a 3x3 grid",
       edge_600, rtol=1e-2, atol=1e-2),
    _k("matmul_f32", "f32 matmul 64x256x256, (32,128,128) blocks, K reduction in a VMEM scratch, "
       "pl.when init/finalize, parallel/arbitrary semantics", functools.partial(matmul),
       rtol=1e-4, atol=1e-3),
    _k("matmul_bf16", "bf16 matmul with f32 accumulation in a VMEM scratch, bf16 output",
       functools.partial(matmul, dtype="bfloat16", out_dtype="bfloat16"), rtol=2e-2, atol=5e-2),
    _k("matmul_int8", "int8 x int8 matmul with int32 accumulation in a VMEM scratch",
       functools.partial(matmul, dtype="int8"), rtol=0, atol=0),
    _k("softmax", "row softmax: max/exp/sum reductions along lanes", softmax,
       rtol=1e-5, atol=1e-6),
    _k("layernorm", "layer norm with gamma/beta (1,n) broadcast; reshape in StableHLO around the call",
       layernorm, rtol=1e-4, atol=1e-4),
    _k("flash_attention", "flash-attention forward: online softmax, causal mask via iota, "
       "skipped blocks above the diagonal, squeezed batch dim, 3 scratch buffers; "
       "q scaled by StableHLO before the call", flash_attention, rtol=1e-4, atol=1e-4),
    _k("block_sparse_matmul", "scalar prefetch (2 SMEM operands) driving the index maps of a "
       "block-sparse matmul; pl.when on a prefetched count", block_sparse_matmul,
       rtol=1e-4, atol=1e-3),
    _k("manual_dma", "manual double-buffered async copies between ANY (HBM) refs and VMEM "
       "scratch, DMA semaphore arrays, fori_loop", manual_dma, rtol=0, atol=0),
    _k("emit_pipeline_matmul", "pltpu.emit_pipeline nested in a grid-less pallas_call over ANY "
       "refs: a matmul accumulating into the revisited output block", emit_pipeline_matmul,
       rtol=1e-4, atol=1e-3),
    _k("parallel_semantics", "dimension_semantics (parallel, arbitrary) with an output block "
       "revisited along the arbitrary axis", row_block_sum, rtol=1e-5, atol=1e-5),
    _k("core_parallel_semantics", "dimension_semantics (core_parallel, arbitrary)",
       functools.partial(row_block_sum, sem=(pltpu.CORE_PARALLEL, pltpu.ARBITRARY)),
       rtol=1e-5, atol=1e-5),
    _k("io_alias", "input_output_aliases={0: 0}", io_alias, rtol=1e-6, atol=1e-6),
    _k("buffered_one", "pipeline_mode=pl.Buffered(1) on a grid-invariant operand", buffered_one,
       rtol=1e-6, atol=1e-6),
    _k("reductions", "sum/max/argmax along lanes, min along sublanes, 4 outputs, (bm,1) and "
       "(1,1,n) blocks", reductions, rtol=1e-5, atol=1e-5),
    _k("iota_where_broadcast", "broadcasted_iota, where, broadcast of a (1,n) row, int->float",
       iota_where_broadcast, rtol=1e-6, atol=1e-6),
    _k("transpose_concat", "2-D transpose and lane concatenation", transpose_concat,
       rtol=1e-6, atol=1e-6),
    _k("roll", "pltpu.roll: static rotate along sublanes, dynamic_rotate along lanes "
       "(shift from program_id)", roll, rtol=1e-6, atol=1e-6),
    _k("loops", "fori_loop over pl.ds slices, while_loop with a program_id-dependent trip "
       "count, pl.when", loops, rtol=1e-5, atol=1e-5),
    _k("debug_print", "pl.debug_print of a scalar", debug_print, rtol=0, atol=0),
    _k("group_offsets", "jnp.cumsum of group sizes outside the kernel (reduce_window) as "
       "scalar prefetch, each row scaled by its group", group_offsets, rtol=1e-6, atol=1e-6),
    _k("gather_rows", "jnp.take of table rows outside the kernel (gather), centred per row "
       "inside it", gather_rows, rtol=1e-5, atol=1e-6),
    _k("while_outside", "a lax.while_loop outside the kernel whose body calls it; the trip "
       "count is an input", while_outside, rtol=1e-6, atol=1e-6),
    _k("packed_bf16_pages", "bf16 pages read through a uint32 bitcast of the VMEM block (two rows "
       "per word along the second-minor dimension), shifts and pltpu.bitcast to f32, and a "
       "strided read of every other word row", packed_bf16_pages, rtol=0, atol=0, interpret="generic"),
    _k("int4_dequant", "int8 values cast to int4 by the graph around the kernel, widened "
       "(arith.extsi from i4) and scaled per column in it", int4_dequant, rtol=1e-6, atol=1e-6),
    _k("fp8_matmul", "f32 inputs rounded to float8_e4m3fn and float8_e5m2 around the kernel, "
       "widened in it (arith.extf) and multiplied at full precision, over a grid of 2 row blocks",
       fp8_matmul, rtol=1e-5, atol=1e-4),
    _k("threefry", "threefry-2x32 random bits (20 rounds of uint32 add, rotate, xor) of the "
       "element index in a (16,256) block, key by scalar prefetch; against jax's threefry_2x32",
       threefry, rtol=0, atol=0),
]
