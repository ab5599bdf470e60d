"""SparseCore kernels (pl.core_map over plsc.VectorSubcoreMesh) on tessera: every vector subcore
of the chip's SparseCores gathers or scatters its share of rows with indexed DMAs
(pltpu.async_copy of ref.at[indices]), through tessera.jax (the FFI path) and through the PJRT
plugin (TESSERA_TPU), checked against numpy; an offset outside the array is an error that names
it. Two devices' subcores copy to the same subcore of the other through the plugin, each subcore
with semaphores of its own."""
from __future__ import annotations

import functools
import os
import subprocess
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.pallas import tpu_sc as plsc

KERNELS = '''
import functools
import inspect
import jax, jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.pallas import tpu_sc as plsc


def sc_kernel(out, mesh, scratch=()):
    """pl.kernel with its output and scratch under this JAX's names: out_shape and
    scratch_shapes in jax 0.10.0, out_type and scratch_types in 0.10.2."""
    params = inspect.signature(pl.kernel).parameters
    out_kw, scratch_kw = ("out_type", "scratch_types") if "out_type" in params else ("out_shape", "scratch_shapes")
    return functools.partial(pl.kernel, mesh=mesh, **{out_kw: out, scratch_kw: scratch})


def mesh():
    sc = pltpu.get_tpu_info().sparse_core
    return plsc.VectorSubcoreMesh(core_axis_name="core", subcore_axis_name="subcore",
                                  num_cores=sc.num_cores, num_subcores=sc.num_subcores)


def subcore_rows(rows):
    """This subcore's number over all SparseCores, and its share of `rows` (rows // subcores)."""
    m = mesh()
    w = jax.lax.axis_index(("core", "subcore"))
    share = rows // (m.num_cores * m.num_subcores)
    return w, share


@functools.partial(jax.jit, static_argnames="by_vector")
def gather(x, idx, by_vector=False):
    """out[i] = x[idx[i]]: each subcore gathers its rows from HBM into its own memory with one
    indexed DMA (offsets from a VMEM ref, or as a vector when by_vector), then copies them out."""
    n = idx.shape[0]
    m = mesh()
    share = n // (m.num_cores * m.num_subcores)

    @sc_kernel(jax.ShapeDtypeStruct((n, x.shape[1]), x.dtype), m,
               [pltpu.VMEM((share,), jnp.int32), pltpu.VMEM((share, x.shape[1]), x.dtype), pltpu.SemaphoreType.DMA(())])
    def k(x_hbm, idx_hbm, o_hbm, idx_vmem, rows, sem):
        w, share = subcore_rows(n)
        mine = pl.ds(w * share, share)
        pltpu.sync_copy(idx_hbm.at[mine], idx_vmem)
        offsets = idx_vmem[...] if by_vector else idx_vmem
        pltpu.async_copy(x_hbm.at[offsets], rows, sem).wait()
        pltpu.sync_copy(rows, o_hbm.at[mine])
    return k(x, idx)


@functools.partial(jax.jit, static_argnames="words")
def scatter(x, idx, base, words=False):
    """out = base with out[idx[i]] = x[i]: each subcore scatters its rows with one indexed DMA.
    words: x and base seen as i32 (int4: 8 rows a word row), idx naming word rows."""
    n = idx.shape[0]
    m = mesh()
    share = n // (m.num_cores * m.num_subcores)
    x_hbm, idx_hbm, o_hbm = jax.new_ref(x), jax.new_ref(idx), jax.new_ref(base)
    view = (lambda r: r.bitcast(jnp.int32)) if words else (lambda r: r)

    @pl.core_map(m)
    def _():
        def body(idx_vmem, rows, sem):
            w, share = subcore_rows(n)
            mine = pl.ds(w * share, share)
            pltpu.sync_copy(idx_hbm.at[mine], idx_vmem)
            pltpu.sync_copy(view(x_hbm).at[mine], rows)
            pltpu.async_copy(rows, view(o_hbm).at[idx_vmem], sem).wait()
        pl.run_scoped(body, pltpu.VMEM((share,), jnp.int32), pltpu.VMEM((share, x.shape[1]), jnp.int32 if words else x.dtype),
                      pltpu.SemaphoreType.DMA(()))
    return jax.freeze(o_hbm)
'''

exec(compile(KERNELS, "sparse_core_kernels", "exec"))  # the same kernels in-process and in the plugin's scripts


def data(dtype, rows, n, width=128, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((rows, width)).astype(np.float32)
    return x.astype(dtype), rng.integers(0, rows, n).astype(np.int32)


@pytest.mark.parametrize("dtype", [jnp.float32, jnp.bfloat16, jnp.int8])
@pytest.mark.parametrize("by_vector", [False, True])
def test_gather_ffi(tessera_jax, dtype, by_vector):
    # v6e: 2 SparseCores of 16 vector subcores; 8 rows each
    with tessera_jax.enabled(chip="v6e"):
        assert pltpu.get_tpu_info().sparse_core.num_subcores == 16
        x, idx = data(dtype, 300, 256)
        got = np.asarray(gather(x, idx, by_vector=by_vector))
    np.testing.assert_array_equal(got, np.asarray(x)[idx])


def test_scatter_ffi(tessera_jax):
    with tessera_jax.enabled(chip="v6e"):
        x, _ = data(np.float32, 256, 0)
        idx = np.random.default_rng(1).permutation(512)[:256].astype(np.int32)  # distinct targets
        base = np.full((512, 128), -1.0, np.float32)
        got = np.asarray(scatter(x, idx, base))
    want = base.copy()
    want[idx] = x
    np.testing.assert_array_equal(got, want)


def test_store_into_rows_a_gather_fills_is_a_race(tessera_jax):
    # the checkers see each row the gather moves: a store into its target before the wait
    @jax.jit
    def racy(x, idx):
        @sc_kernel(jax.ShapeDtypeStruct((8, 128), x.dtype), mesh(),
                   [pltpu.VMEM((8,), jnp.int32), pltpu.VMEM((8, 128), x.dtype), pltpu.SemaphoreType.DMA(())])
        def k(x_hbm, idx_hbm, o_hbm, idx_vmem, rows, sem):
            @pl.when(jax.lax.axis_index(("core", "subcore")) == 0)
            def _():
                pltpu.sync_copy(idx_hbm, idx_vmem)
                copy = pltpu.async_copy(x_hbm.at[idx_vmem], rows, sem)
                rows[0, pl.ds(0, 8)] = jnp.zeros((8,), x.dtype)  # one SIMD word: jax 0.10.0 stores no more
                copy.wait()
                pltpu.sync_copy(rows, o_hbm)
        return k(x, idx)

    with tessera_jax.enabled(chip="v6e"):
        x, idx = data(np.float32, 64, 8)
        # each row's copy is one DMA of the engine: the finding names the row
        with pytest.raises(Exception, match=r"race on core 0: kernel load at .*test_sparse_core.py:\d+:\d+ .* reads the "
                           r"destination of kernel DMA #\d+ \(hbm f32\[1,128\] -> vmem f32\[1,128\]"):
            np.asarray(racy(x, idx))


# ---- races between subcores: a TPU runs a core_map's subcores at once --------------------

@pytest.mark.parametrize("chip", ["v6e", "7x"])
def test_two_subcores_scattering_to_one_row_race(tessera_jax, chip):
    # subcore 1's first offset is one of subcore 0's: two subcores write that row, in an
    # order nothing fixes; within each subcore the offsets are distinct
    with tessera_jax.enabled(chip=chip):
        x, _ = data(np.float32, 256, 0)
        idx = np.random.default_rng(1).permutation(512)[:256].astype(np.int32)
        idx[8] = idx[3]
        base = np.zeros((512, 128), np.float32)
        with pytest.raises(Exception, match=r"race between SparseCore subcores in kernel .*: kernel DMA #\d+ at "
                           r"sparse_core_kernels:\d+:\d+ .*\(vmem f32\[1,128\] -> hbm f32\[1,128\]\) of SparseCore 0 "
                           r"vector subcore 0 \(step 0\) and kernel DMA #\d+ at sparse_core_kernels:\d+:\d+ .*\(vmem "
                           r"f32\[1,128\] -> hbm f32\[1,128\]\) of SparseCore 0 vector subcore 1 \(step 1\) write "
                           r"overlapping memory with nothing ordering them: the subcores of a core_map run at once .*"
                           r"give each subcore rows of its own"):
            np.asarray(scatter(x, idx, base))


def test_reading_rows_another_subcore_writes_is_a_race(tessera_jax):
    @jax.jit
    def racy(x):
        @sc_kernel(jax.ShapeDtypeStruct((16, 128), x.dtype), mesh(),
                   [pltpu.VMEM((8, 128), x.dtype), pltpu.SemaphoreType.DMA(())])
        def k(x_hbm, o_hbm, rows, sem):
            w = jax.lax.axis_index(("core", "subcore"))

            @pl.when(w == 0)
            def _():
                pltpu.sync_copy(x_hbm, rows)
                pltpu.async_copy(rows, o_hbm.at[pl.ds(0, 8)], sem).wait()

            @pl.when(w == 1)  # reads what subcore 0 writes: before or after, on a TPU
            def _():
                pltpu.async_copy(o_hbm.at[pl.ds(0, 8)], rows, sem).wait()
                pltpu.async_copy(rows, o_hbm.at[pl.ds(8, 8)], sem).wait()
        return k(x)

    with tessera_jax.enabled(chip="v6e"):
        with pytest.raises(Exception, match=r"race between SparseCore subcores .*: kernel DMA #\d+ at "
                           r".*test_sparse_core.py:\d+:\d+ .*\(vmem f32\[8,128\] -> hbm f32\[8,128\]\) of SparseCore 0 "
                           r"vector subcore 0 \(step 0\) and kernel DMA #\d+ at .*test_sparse_core.py:\d+:\d+ .*\(hbm "
                           r"f32\[8,128\] -> vmem f32\[8,128\]\) of SparseCore 0 vector subcore 1 \(step 1\) touch "
                           r"memory, the first writing it and the second reading it, with nothing ordering them"):
            np.asarray(racy(np.ones((8, 128), np.float32)))


def test_scalar_subcores_writing_one_block_race(tessera_jax):
    with tessera_jax.enabled(chip="v6e"):
        m = plsc.ScalarSubcoreMesh(axis_name="core", num_cores=pltpu.get_tpu_info().sparse_core.num_cores)

        @jax.jit
        def f(x):
            @sc_kernel(jax.ShapeDtypeStruct((8, 128), x.dtype), m)
            def k(x_hbm, o_hbm):  # every SparseCore copies into the same rows
                pltpu.sync_copy(x_hbm, o_hbm)
            return k(x)

        with pytest.raises(Exception, match=r"race between SparseCore subcores .*SparseCore 0's scalar subcore \(step "
                           r"0\) and .*SparseCore 1's scalar subcore \(step 1\) write overlapping memory"):
            np.asarray(f(np.ones((8, 128), np.float32)))


@pytest.mark.parametrize("chip", ["v5p", "v6e", "7x"])
def test_chip_sparse_core_figures_are_jax_s(tessera_jax, chip):
    # tessera's chip descriptions give the SparseCores per chip; JAX's table (what kernels
    # ask, by device kind) gives them per device, which is a TensorCore but on a megacore chip
    from tessera import _native
    c = _native.load_chip(chip)
    with tessera_jax.enabled(chip=chip):
        sc = pltpu.get_tpu_info().sparse_core
    per_device = 1 if c.megacore else c.tensor_cores
    assert (c.sparse_cores, c.sc_subcores, c.sc_lanes) == (sc.num_cores * per_device, sc.num_subcores, sc.num_lanes)
    # jax 0.10.0's table has no per-subcore memory figure; later ones do
    if hasattr(sc, "vmem_capacity_bytes"):
        assert c.sc_tilespmem_bytes == sc.vmem_capacity_bytes
    assert c.sparse_cores == {"v5p": 4, "v6e": 2, "7x": 4}[chip]


def test_offset_out_of_bounds_is_an_error(tessera_jax):
    with tessera_jax.enabled(chip="v6e"):
        x, idx = data(np.float32, 300, 256)
        idx[17] = 300
        with pytest.raises(Exception, match=r"offset 300 \(entry 1 of the offsets\) is outside the 300 rows of the source"):
            np.asarray(gather(x, idx))


def int4_words(x):
    """int4 rows [8r, 8r+8) at each lane as the TPU packs them in one 32-bit word, row 8r in the
    lowest nibble (docs/mosaic.md, "Packed views"), written with numpy alone."""
    nib = (np.asarray(x).astype(np.int8).astype(np.int32) & 15).reshape(-1, 8, x.shape[1]).astype(np.uint32)
    return sum(nib[:, k, :] << np.uint32(4 * k) for k in range(8)).view(np.int32)


@jax.jit
def gather_int4(x, idx):
    """Ragged gather v2's moves: word rows of an int4 array seen as i32 (8 int4 rows a word row)
    gathered by an indexed DMA into i32 rows, then copied into an int4 output seen as i32."""
    n = idx.shape[0]
    m = mesh()
    share = n // (m.num_cores * m.num_subcores)

    @sc_kernel(jax.ShapeDtypeStruct((8 * n, x.shape[1]), x.dtype), m,
               [pltpu.VMEM((share,), jnp.int32), pltpu.VMEM((share, x.shape[1]), jnp.int32), pltpu.SemaphoreType.DMA(())])
    def k(x_hbm, idx_hbm, o_hbm, idx_vmem, rows, sem):
        w, share = subcore_rows(n)
        mine = pl.ds(w * share, share)
        pltpu.sync_copy(idx_hbm.at[mine], idx_vmem)
        pltpu.async_copy(x_hbm.bitcast(jnp.int32).at[idx_vmem], rows, sem).wait()
        pltpu.sync_copy(rows, o_hbm.bitcast(jnp.int32).at[mine])
    return k(x, idx)


def int4_data(rows, width=128, seed=2):
    return np.random.default_rng(seed).integers(-8, 8, (rows, width)).astype(np.int8).astype(jnp.int4)


def test_gather_int4_words_ffi(tessera_jax):
    with tessera_jax.enabled(chip="v6e"):
        x = int4_data(8 * 40)  # 40 word rows
        idx = np.random.default_rng(3).integers(0, 40, 256).astype(np.int32)
        got = np.asarray(gather_int4(x, idx))
    assert got.dtype == jnp.int4
    want = np.asarray(x).astype(np.int8).reshape(40, 8, 128)[idx].reshape(-1, 128)
    np.testing.assert_array_equal(got.astype(np.int8), want)
    np.testing.assert_array_equal(int4_words(got), int4_words(x)[idx])  # the words the TPU holds


def test_scatter_int4_words_ffi(tessera_jax):
    with tessera_jax.enabled(chip="v6e"):
        x = int4_data(8 * 256, seed=4)
        idx = np.random.default_rng(5).permutation(300)[:256].astype(np.int32)  # distinct word rows
        base = int4_data(8 * 300, seed=6)
        got = np.asarray(scatter(x, idx, base, words=True))
    want = np.asarray(base).astype(np.int8).reshape(300, 8, 128).copy()
    want[idx] = np.asarray(x).astype(np.int8).reshape(256, 8, 128)
    np.testing.assert_array_equal(got.astype(np.int8), want.reshape(-1, 128))


def test_one_word_row_of_a_packed_view_ffi(tessera_jax):
    # ragged scatter's DMAs: one row of a bf16 array seen as 32-bit words (x.bitcast(u32).at[i],
    # a squeeze to a vector of words), into a subcore's memory and back into another array
    with tessera_jax.enabled(chip="v6e"):
        subcores = pltpu.get_tpu_info().sparse_core.num_cores * pltpu.get_tpu_info().sparse_core.num_subcores

        @jax.jit
        def rows(x):
            @sc_kernel((jax.ShapeDtypeStruct((subcores, 128), jnp.uint32), jax.ShapeDtypeStruct(x.shape, x.dtype)), mesh(),
                       [pltpu.VMEM((128,), jnp.uint32)])
            def k(x_hbm, w_hbm, y_hbm, word):
                w = jax.lax.axis_index(("core", "subcore"))
                pltpu.sync_copy(x_hbm.bitcast(jnp.uint32).at[w], word)
                pltpu.sync_copy(word, w_hbm.at[w])
                pltpu.sync_copy(word, y_hbm.bitcast(jnp.uint32).at[subcores - 1 - w])
            return k(x)

        x = np.random.default_rng(7).standard_normal((2 * subcores, 128)).astype(jnp.bfloat16)
        words, y = (np.asarray(a) for a in rows(x))
    bits = np.asarray(x).view(np.uint16).astype(np.uint32)
    np.testing.assert_array_equal(words, bits[0::2] | bits[1::2] << np.uint32(16))  # row 2i in the low half
    np.testing.assert_array_equal(np.asarray(y).view(np.uint16), np.asarray(x).view(np.uint16).reshape(subcores, 2, 128)[::-1].reshape(-1, 128))


PLUGIN = KERNELS + '''
import json, numpy as np
rng = np.random.default_rng(0)
out = {"kind": jax.devices()[0].device_kind}
for name, dt in (("f32", np.float32), ("bf16", jnp.bfloat16)):
    x = rng.standard_normal((300, 256)).astype(np.float32).astype(dt)
    idx = rng.integers(0, 300, 512).astype(np.int32)
    out[name] = bool(np.array_equal(np.asarray(gather(x, idx)), np.asarray(x)[idx]))
print(json.dumps(out))
'''


def through_the_plugin(chip, script):
    """What `script` prints last, as JSON, run in a fresh process with TESSERA_TPU=chip."""
    env = {k: v for k, v in os.environ.items() if k not in ("TESSERA_TPU", "JAX_PLATFORMS", "TPU_LIBRARY_PATH")}
    env["TESSERA_TPU"] = chip
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], env=env, capture_output=True, text=True,
                       timeout=300, cwd="/")
    assert p.returncode == 0, p.stderr[-3000:]
    import json
    return json.loads(p.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("chip,kind", [("v6e", "TPU v6 lite"), ("7x", "TPU7x"), ("v5p", "TPU v5")])
def test_gather_through_the_plugin(chip, kind):
    got = through_the_plugin(chip, PLUGIN)
    assert got == {"kind": kind, "f32": True, "bf16": True}, got


REMOTE = KERNELS + '''
import json, numpy as np
from jax import lax
from jax.sharding import PartitionSpec as P


def remote(kind):
    """Two devices swap their shards, every subcore of the mesh its own 8 rows: it signals the
    same subcore of the other device on a run_scoped regular semaphore, waits for its signal,
    copies its rows there counted on scoped regular send and receive semaphores (TPU v6 and
    later), and waits for both, as JAX's test_remote_dma_regular_semaphore_sc does."""
    sc = pltpu.get_tpu_info().sparse_core
    if kind == "scalar":
        m, axes, n = plsc.ScalarSubcoreMesh(axis_name="core", num_cores=sc.num_cores), "core", sc.num_cores
    else:
        m, axes, n = mesh(), ("core", "subcore"), sc.num_cores * sc.num_subcores
    rows = 8 * n

    @sc_kernel(jax.ShapeDtypeStruct((rows, 128), jnp.float32), m)
    def k(x_hbm, y_hbm):
        def body(ready, send, recv):
            other = 1 - lax.axis_index("x")
            mine = pl.ds(lax.axis_index(axes) * 8, 8)
            pl.semaphore_signal(ready, device_id={"x": other})
            pl.semaphore_wait(ready)
            pltpu.async_remote_copy(x_hbm.at[mine], y_hbm.at[mine], send, recv, device_id={"x": other})
            pl.semaphore_wait(send, 1)
            pl.semaphore_wait(recv, 1)
        pl.run_scoped(body, *[pltpu.SemaphoreType.REGULAR] * 3)

    x = np.random.default_rng(3).standard_normal((2 * rows, 128)).astype(np.float32)
    devices = jax.sharding.Mesh(jax.devices()[:2], ["x"])
    y = np.asarray(jax.jit(jax.shard_map(k, mesh=devices, in_specs=P("x"), out_specs=P("x"), check_vma=False))(x))
    return bool(np.array_equal(y, np.concatenate([x[rows:], x[:rows]]))), n


out = {}
for kind in ("scalar", "vector"):
    try:
        out[kind] = remote(kind)
    except Exception as e:  # the message, for the assertion to show
        out[kind] = f"{type(e).__name__}: {str(e)[:2000]}"
print(json.dumps(out))
'''


@pytest.mark.parametrize("chip,subcores", [("v6e:2", 16), ("7x:2", 16)])
def test_remote_copies_between_subcores_through_the_plugin(chip, subcores):
    # each SparseCore, and each vector subcore, has semaphores of its own: a signal or copy from
    # the other device reaches the same subcore's, even while tessera runs another subcore
    got = through_the_plugin(chip, REMOTE)
    assert got["scalar"] == [True, 2], got
    if tuple(int(p) for p in jax.__version__.split(".")[:3]) < (0, 10, 2):
        # JAX before 0.10.2 cannot lower a remote DMA from a vector subcore itself: its
        # SparseCore lowering resolves the device id without the mesh's core axis (fixed in
        # 0.10.2's _device_id_to_logical), so the program never reaches tessera
        assert str(got["vector"]).startswith("NameError: Found an unbound axis name: core"), got
    else:
        assert got["vector"] == [True, 2 * subcores], got


def test_scalar_subcore_mesh_ffi(tessera_jax):
    # plsc.ScalarSubcoreMesh: each SparseCore's scalar subcore copies its own rows
    with tessera_jax.enabled(chip="v6e"):
        cores = pltpu.get_tpu_info().sparse_core.num_cores
        m = plsc.ScalarSubcoreMesh(axis_name="core", num_cores=cores)

        @jax.jit
        def f(x):
            @sc_kernel(jax.ShapeDtypeStruct(x.shape, x.dtype), m)
            def k(x_hbm, o_hbm):
                c = jax.lax.axis_index("core")
                pltpu.sync_copy(x_hbm.at[pl.ds(c * 8, 8)], o_hbm.at[pl.ds(c * 8, 8)])
            return k(x)

        x = np.arange(cores * 8 * 128, dtype=np.float32).reshape(cores * 8, 128) - 100.0
        got = np.asarray(f(x))
    assert cores == 2
    np.testing.assert_array_equal(got, x)
