"""TPU semantics that production kernels (vLLM's tpu-inference, tests/production) depend on,
each with a small Pallas kernel of our own run through tessera and checked against numpy:
a DMA wait that uses nothing of its descriptor but the semaphore and the byte count, strided
loads and stores of stride 0, packed (sub-32-bit) views through the memref ops, and
out-of-bounds scalar reads (out_of_bounds_reads=)."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import tessera
import tessera.jax as tj


def _call(kernel, out_shape, *args, scalars=0, grid=(), in_specs=None, out_specs=None, scratch=(), unchecked=False):
    spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=scalars, grid=grid,
        in_specs=in_specs if in_specs is not None else [pl.BlockSpec(memory_space=pl.ANY)] * (len(args) - scalars),
        out_specs=out_specs if out_specs is not None else pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=list(scratch))
    return pl.pallas_call(kernel, out_shape=out_shape, grid_spec=spec,
                          compiler_params=pltpu.CompilerParams(disable_bounds_checks=unchecked))(*args)


# ---- DMA waits: the semaphore and the byte count, never the descriptor's memory -----------

def _wait_past_the_end_kernel(n_ref, x_hbm, o_hbm, buf, big, sem):
    """Two DMAs of 2 rows each into buf (4 rows), then one wait whose descriptor is 4 rows of
    `big`'s dimension 1, which has 3: the descriptor lies past `big`, its byte count is right."""
    n = n_ref[0]
    pltpu.make_async_copy(x_hbm.at[pl.ds(0, 2)], buf.at[pl.ds(0, 2)], sem).start()
    pltpu.make_async_copy(x_hbm.at[pl.ds(2, 2)], buf.at[pl.ds(2, 2)], sem).start()
    pltpu.make_async_copy(big.at[0, pl.ds(0, n)], big.at[0, pl.ds(0, n)], sem).wait()
    pltpu.sync_copy(buf, o_hbm)


# unchecked: the kernel is compiled with disable_bounds_checks=True, as causal conv1d is: the
# wait still takes the whole descriptor's byte count, not the part of it inside `big`
@pytest.mark.parametrize("unchecked", [False, True])
def test_dma_wait_descriptor_past_its_buffer(unchecked):
    x = np.arange(4 * 8 * 128, dtype=np.float32).reshape(4, 8, 128)
    n = np.array([4], np.int32)  # 4 rows of (8, 128) f32 awaited: what the two copies moved
    call = functools.partial(
        _call, _wait_past_the_end_kernel, jax.ShapeDtypeStruct(x.shape, x.dtype), scalars=1,
        scratch=(pltpu.VMEM((4, 8, 128), jnp.float32), pltpu.VMEM((2, 3, 8, 128), jnp.float32),
                 pltpu.SemaphoreType.DMA), unchecked=unchecked)
    with tj.enabled(chip="v6e"):
        out = jax.jit(call)(n, x)
    np.testing.assert_array_equal(np.asarray(out), x)
    # a wait for more bytes than were sent still waits forever: the count is what it checks
    with pytest.raises(tessera.KernelError, match="deadlock|never|waits"), tj.enabled(chip="v6e"):
        jax.jit(call)(np.array([5], np.int32), x).block_until_ready()


def _start_past_the_end_kernel(n_ref, x_hbm, o_hbm, big, sem):
    """A DMA *start* past its buffer is out of bounds, as on a TPU (where it faults)."""
    n = n_ref[0]
    c = pltpu.make_async_copy(x_hbm.at[pl.ds(0, n)], big.at[0, pl.ds(0, n)], sem)
    c.start()
    c.wait()
    pltpu.sync_copy(x_hbm, o_hbm)


def test_dma_start_past_its_buffer_is_still_out_of_bounds():
    x = np.zeros((4, 8, 128), np.float32)
    call = functools.partial(
        _call, _start_past_the_end_kernel, jax.ShapeDtypeStruct(x.shape, x.dtype), scalars=1,
        scratch=(pltpu.VMEM((2, 3, 8, 128), jnp.float32), pltpu.SemaphoreType.DMA))
    with pytest.raises(tessera.KernelError, match="out of bounds"), tj.enabled(chip="v6e"):
        jax.jit(call)(np.array([4], np.int32), x).block_until_ready()


def _ragged_copies_kernel(sz_ref, x_hbm, o_hbm, buf, sem):
    """One DMA per item of sz (rows of x, some of 0 rows), then one wait for the rows of all
    of them; the copies of 0 rows owe no wait (they signal nothing), as on a TPU."""
    total, at = 0, 0
    for i in range(4):
        n = sz_ref[i]
        pltpu.make_async_copy(x_hbm.at[pl.ds(at, n)], buf.at[pl.ds(at, n)], sem).start()
        at, total = at + n, total + n
    pltpu.make_async_copy(buf.at[pl.ds(0, total)], buf.at[pl.ds(0, total)], sem).wait()
    pltpu.sync_copy(buf, o_hbm)


@pytest.mark.parametrize("dma_order", ["eager", "on-wait"])
@pytest.mark.parametrize("sizes", [[2, 0, 0, 1], [0, 0, 0, 0], [0, 3, 0, 0]])
def test_dma_of_nothing_owes_no_wait(sizes, dma_order):
    x = np.arange(4 * 8 * 128, dtype=np.float32).reshape(4, 8, 128)
    call = functools.partial(
        _call, _ragged_copies_kernel, jax.ShapeDtypeStruct(x.shape, x.dtype), scalars=1,
        scratch=(pltpu.VMEM((4, 8, 128), jnp.float32), pltpu.SemaphoreType.DMA))
    with tj.enabled(chip="v6e", dma_order=dma_order):
        out = np.asarray(jax.jit(call)(np.array(sizes, np.int32), x))
    k = sum(sizes)
    np.testing.assert_array_equal(out[:k], x[:k])


# ---- strided loads and stores of stride 0 -------------------------------------------------

def _broadcast_rows_kernel(x_ref, o_ref):
    # stride 0 in dimension 0: row 3 read 8 times (a broadcast read)
    o_ref[...] = x_ref[pl.ds(3, 8, stride=0), :] + x_ref[pl.ds(0, 8, stride=1), :]


def test_strided_load_stride_0():
    x = np.arange(16 * 128, dtype=np.float32).reshape(16, 128)
    f = pl.pallas_call(_broadcast_rows_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32))
    with tj.enabled(chip="v6e"):
        out = np.asarray(jax.jit(f)(x))
    np.testing.assert_array_equal(out, x[3][None, :] + x[:8])


# ---- out-of-bounds reads: out_of_bounds_reads="raise" (default) | "uninitialized" ---------

def _metadata_kernel(meta_ref, x_ref, o_ref):
    """Reads meta[meta[0]], past the end of meta (3 entries), as production kernels read the
    metadata of a next step that does not exist; out[0] ignores the value, out[1] uses it."""
    i = meta_ref[0]
    nxt = meta_ref[i]  # i >= 3: out of bounds
    ignored = jnp.where(i < 3, nxt, 0)
    o_ref[0] = x_ref[...] + ignored
    o_ref[1] = x_ref[...] + nxt


def _metadata_call(meta, x, **opts):
    spec = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=1, grid=(1,),
                                        in_specs=[pl.BlockSpec((8, 128), lambda i, m: (0, 0))],
                                        out_specs=pl.BlockSpec((2, 8, 128), lambda i, m: (0, 0, 0)))
    f = pl.pallas_call(_metadata_kernel, out_shape=jax.ShapeDtypeStruct((2, 8, 128), jnp.int32), grid_spec=spec)
    with tj.enabled(chip="v6e", **opts):
        return np.asarray(jax.jit(f)(meta, x))


_POISON = np.frombuffer(b"\xa5" * 4, np.int32)[0]


def test_out_of_bounds_read_uninitialized(capfd):
    # index 200: past meta's tile padding too (its 3 entries take 128 words of SMEM)
    meta = np.array([200, 7, 9], np.int32)
    x = np.arange(8 * 128, dtype=np.int32).reshape(8, 128)
    out = _metadata_call(meta, x, out_of_bounds_reads="uninitialized")
    np.testing.assert_array_equal(out[0], x)  # the value ignored: the kernel is right
    np.testing.assert_array_equal(out[1], x + _POISON)  # used: poison, which the test sees
    err = capfd.readouterr().err
    assert "out-of-bounds read (out_of_bounds_reads=uninitialized" in err and "test_tpu_semantics.py" in err, err


def test_out_of_bounds_read_raise():
    meta = np.array([200, 7, 9], np.int32)
    x = np.zeros((8, 128), np.int32)
    for opts in ({}, {"out_of_bounds_reads": "raise"}):  # the default raises
        with pytest.raises(tessera.KernelError, match="index 200 .* out of bounds"):
            _metadata_call(meta, x, **opts)
    with pytest.raises(ValueError, match="out_of_bounds_reads is one of"):
        tj.enable(out_of_bounds_reads="poison")


@pytest.mark.parametrize("mode", ["raise", "uninitialized"])
def test_read_into_smem_tile_padding(mode, capfd):
    # index 3 of 3 entries, and 127, lie in the padding of meta's layout in SMEM (Mosaic lays
    # it out in 128 words), which a TPU reads, bounds checks or not: poison and a warning in
    # either mode, as tpu-inference's KV cache update reads slices[1, i] past its 7 columns
    x = np.arange(8 * 128, dtype=np.int32).reshape(8, 128)
    for i in (3, 127):
        out = _metadata_call(np.array([i, 7, 9], np.int32), x, out_of_bounds_reads=mode)
        np.testing.assert_array_equal(out[0], x)
        np.testing.assert_array_equal(out[1], x + _POISON)
        err = capfd.readouterr().err
        assert "out-of-bounds read into the tile padding" in err and f"index {i} " in err, err
    # 128 is past the padding: out of bounds as before
    if mode == "raise":
        with pytest.raises(tessera.KernelError, match="index 128 .* out of bounds"):
            _metadata_call(np.array([128, 7, 9], np.int32), x, out_of_bounds_reads=mode)


def _look_back_kernel(meta_ref, x_ref, o_ref):
    """tpu-inference's fused MoE (v1, wait_a2a_gather_send(..., local_e_id - 2)): reads
    meta[meta[0]] with meta[0] = -2, two words before the array, and discards the value."""
    i = meta_ref[0]
    prev = meta_ref[i]
    o_ref[...] = x_ref[...] + jax.lax.select(i >= 0, prev, 0)


@pytest.mark.parametrize("mode", ["raise", "uninitialized"])
def test_read_before_an_smem_array(mode, capfd):
    # before the array is not in its tile padding: the mode decides, as for any other read
    # past the padding; the failure names the option that runs it on
    meta = np.array([-2, 7, 9], np.int32)
    x = np.arange(8 * 128, dtype=np.int32).reshape(8, 128)
    spec = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=1, grid=(1,),
                                        in_specs=[pl.BlockSpec((8, 128), lambda i, m: (0, 0))],
                                        out_specs=pl.BlockSpec((8, 128), lambda i, m: (0, 0)))
    f = jax.jit(pl.pallas_call(_look_back_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32), grid_spec=spec))
    if mode == "raise":
        with pytest.raises(tessera.KernelError, match=r"index -2 .* out of bounds.*out_of_bounds_reads=\"uninitialized\" "
                           r"gives such a read poison and a warning instead"):
            with tj.enabled(chip="v6e", out_of_bounds_reads=mode):
                np.asarray(f(meta, x))
        return
    with tj.enabled(chip="v6e", out_of_bounds_reads=mode):
        out = np.asarray(f(meta, x))
    np.testing.assert_array_equal(out, x)  # the value discarded: the kernel is right
    err = capfd.readouterr().err
    assert "out-of-bounds read (out_of_bounds_reads=uninitialized" in err and "index -2 " in err, err


def _kv_slices_kernel(slices_ref, n_ref, x_ref, o_ref):
    """tpu-inference's KV cache update (ragged_paged_attention/v2): select(i < n, slices[1, i],
    0) for every i of a block larger than the [3, n] slices array (2-D: the second-minor
    dimension's tiling pads the rows too)."""
    acc = jnp.int32(0)
    for i in range(16):
        acc += jax.lax.select(i < n_ref[0], slices_ref[1, i], 0)
    o_ref[...] = x_ref[...] + acc


def test_read_into_smem_tile_padding_2d():
    slices = np.arange(21, dtype=np.int32).reshape(3, 7)
    x = np.zeros((8, 128), np.int32)
    spec = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=2, grid=(1,),
                                        in_specs=[pl.BlockSpec((8, 128), lambda i, s, n: (0, 0))],
                                        out_specs=pl.BlockSpec((8, 128), lambda i, s, n: (0, 0)))
    f = pl.pallas_call(_kv_slices_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.int32), grid_spec=spec)
    with tj.enabled(chip="v6e"):
        out = np.asarray(jax.jit(f)(slices, np.array([7], np.int32), x))
    np.testing.assert_array_equal(out, x + slices[1].sum())


# ---- packed views through the memref ops ------------------------------------------------

def _packed_squeeze_kernel(x_ref, o_ref):
    # a bf16 block seen as u32 words (two rows a word), then one of its leading planes copied
    # by DMA: the squeeze of a packed view (tpu.memref_squeeze), as ragged paged attention
    # takes a page of its bf16 KV cache
    pltpu.sync_copy(x_ref.bitcast(jnp.uint32).at[1], o_ref)


@pytest.mark.parametrize("dtype,rows", [(jnp.bfloat16, 16), (jnp.int16, 16), (jnp.int8, 32)])
def test_packed_view_squeeze(dtype, rows):
    rng = np.random.default_rng(0)
    bits = {2: np.uint16, 1: np.uint8}[np.dtype(dtype).itemsize]
    raw = rng.integers(0, np.iinfo(bits).max, size=(2, rows, 128), dtype=bits)
    if dtype == jnp.bfloat16:
        raw &= 0x7F7F  # finite values only: a NaN's bits need not survive a float round trip
    x = raw.view(dtype)
    p = 4 // np.dtype(dtype).itemsize
    f = pl.pallas_call(_packed_squeeze_kernel, out_shape=jax.ShapeDtypeStruct((rows // p, 128), jnp.uint32))
    with tj.enabled(chip="v6e"):
        out = np.asarray(jax.jit(f)(x))
    # word (r, l) holds rows p*r .. p*r+p-1 at lane l, row p*r+k in bits [k*w, (k+1)*w)
    w = 32 // p
    want = np.zeros((rows // p, 128), np.uint32)
    for k in range(p):
        want |= raw[1, k::p].astype(np.uint32) << (k * w)
    np.testing.assert_array_equal(out, want)


def test_packed_view_squeeze_int4():
    # int4: eight rows a word, row 8r+k in bits [4k, 4k+4) of word r; the DMA moves 4-bit fields
    x = np.random.default_rng(1).integers(-8, 8, size=(2, 64, 128)).astype(np.int8)
    f = pl.pallas_call(_packed_squeeze_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.uint32))
    with tj.enabled(chip="v6e"):
        out = np.asarray(jax.jit(f)(x.astype(jnp.int4)))
    want = np.zeros((8, 128), np.uint32)
    for k in range(8):
        want |= (x[1, k::8].astype(np.uint32) & 15) << (4 * k)
    np.testing.assert_array_equal(out, want)


def _int4_vector_kernel(x_ref, o_ref, f_ref):
    n = pltpu.bitcast(x_ref[...], jnp.int4)  # 8 rows of words as 64 rows of int4
    o_ref[...] = pltpu.bitcast(n, jnp.int32)
    f_ref[...] = n.astype(jnp.float32)


def test_int4_vector_bitcast():
    # tpu.bitcast of vectors across widths packs as memory does: field k of word row r is row 8r+k
    x = np.random.default_rng(2).integers(-2**31, 2**31, (8, 128), dtype=np.int64).astype(np.int32)
    f = pl.pallas_call(_int4_vector_kernel, out_shape=(jax.ShapeDtypeStruct((8, 128), jnp.int32),
                                                       jax.ShapeDtypeStruct((64, 128), jnp.float32)))
    with tj.enabled(chip="v6e"):
        words, fields = (np.asarray(a) for a in jax.jit(f)(x))
    nib = np.stack([(x.view(np.uint32) >> np.uint32(4 * k)) & 15 for k in range(8)], 1).reshape(64, 128).astype(np.int32)
    np.testing.assert_array_equal(words, x)
    np.testing.assert_array_equal(fields, np.where(nib >= 8, nib - 16, nib).astype(np.float32))


# ---- the gated delta-net state race (docs/findings.md) ------------------------------------

N_SEQ = 4


def _state_loop_kernel(fixed, x_hbm, o_hbm, bufs, load_sems, store_sems):
    """The double-buffered state loop of tpu-inference's gated delta-net kernels
    (gdn/v1/fused_gdn_recurrent_kernel.py, fused_gdn_decode_kernel.py), cut to its DMAs:
    sequence s's state is loaded into bufs[s % 2], updated (+1) and written back to o[s]; the
    next sequence's state is prefetched into the other buffer while s computes. In the
    kernel, the write-back of s - 1 (which reads bufs[(s + 1) % 2]) is waited for only at the
    end of s + 1, after the prefetch of s + 1 has written that same buffer. `fixed` waits for
    it before the prefetch instead."""
    def copy(src, dst, sem):
        return pltpu.make_async_copy(src, dst, sem)

    copy(x_hbm.at[0], bufs.at[0], load_sems.at[0]).start()
    for s in range(N_SEQ):
        b, nb = s % 2, (s + 1) % 2
        if s + 1 < N_SEQ:
            if fixed and s >= 1:  # the write-back of s - 1 still reads bufs[nb]
                copy(bufs.at[nb], o_hbm.at[s - 1], store_sems.at[nb]).wait()
            copy(x_hbm.at[s + 1], bufs.at[nb], load_sems.at[nb]).start()
        copy(x_hbm.at[s], bufs.at[b], load_sems.at[b]).wait()
        bufs[b] = bufs[b] + 1.0
        if not fixed and s >= 2:  # the kernel's order: the write-back of s - 2, only now
            copy(bufs.at[b], o_hbm.at[s - 2], store_sems.at[b]).wait()
        copy(bufs.at[b], o_hbm.at[s], store_sems.at[b]).start()
    last = N_SEQ - 1
    for t in (last, last - 1):  # the two write-backs still in flight
        copy(bufs.at[t % 2], o_hbm.at[t], store_sems.at[t % 2]).wait()


def _state_loop(fixed, x, **opts):
    f = pl.pallas_call(
        functools.partial(_state_loop_kernel, fixed), out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)], out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.VMEM((2, 8, 128), jnp.float32), pltpu.SemaphoreType.DMA((2,)),
                        pltpu.SemaphoreType.DMA((2,))])
    with tj.enabled(chip="v6e", **opts):
        return np.asarray(jax.jit(f)(x))


def test_gdn_state_race_found_and_fixed():
    x = np.stack([np.full((8, 128), 10.0 * s, np.float32) for s in range(N_SEQ)])
    want = x + 1
    # the checker names the race: the prefetch writes the buffer a write-back still reads
    with pytest.raises(tessera.KernelError, match="race"):
        _state_loop(False, x)
    # and it is real: in a legal DMA order (each DMA moves when waited for) the saved states
    # of sequences 0 and 1 come back as those of sequences 2 and 3
    got = _state_loop(False, x, check=False, dma_order="on-wait")
    assert not np.array_equal(got, want)
    np.testing.assert_array_equal(got[:N_SEQ - 2], want[2:])
    # the fix: every order gives the right states, and the checker finds nothing
    for order in ("eager", "on-wait", "random"):
        np.testing.assert_array_equal(_state_loop(True, x, dma_order=order), want)


# ---- the fused MoE accumulator race (docs/findings.md) -------------------------------------

N_EXPERTS = 4


def _moe_gather_kernel(fixed, x_ref, o_hbm, acc, slot_sems, gather_sem):
    """The expert loop of tpu-inference's fused MoE v1 (fused_moe/v1/kernel.py), cut to its
    accumulator: expert e computes into acc[e % 2] (dynamic_ffn2's store) and copies it out
    (start_a2a_gather's local copy, on the gather semaphore, which the kernel waits for once,
    for every expert's rows, at the end of the token block). Before expert e + 2 writes the
    slot again the kernel waits only for the slot's copies to other devices, not for this
    local one. `fixed` puts the local copy on the slot's semaphore and waits for it before the
    slot is written again."""
    copy = pltpu.make_async_copy
    for e in range(N_EXPERTS):
        s = e % 2
        if fixed and e >= 2:
            copy(acc.at[s], o_hbm.at[e - 2], slot_sems.at[s]).wait()
        acc[s] = x_ref[e] * 2.0
        copy(acc.at[s], o_hbm.at[e], slot_sems.at[s] if fixed else gather_sem).start()
    if fixed:
        for e in (N_EXPERTS - 2, N_EXPERTS - 1):
            copy(acc.at[e % 2], o_hbm.at[e], slot_sems.at[e % 2]).wait()
    else:  # one wait for every expert's rows
        copy(o_hbm, o_hbm, gather_sem).wait()


def _moe_gather(fixed, x, **opts):
    f = pl.pallas_call(
        functools.partial(_moe_gather_kernel, fixed), out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.VMEM((2, 8, 128), jnp.float32), pltpu.SemaphoreType.DMA((2,)),
                        pltpu.SemaphoreType.DMA])
    with tj.enabled(chip="7x", **opts):
        return np.asarray(jax.jit(f)(x))


def test_moe_accumulator_race_found_and_fixed():
    x = np.stack([np.full((8, 128), float(e + 1), np.float32) for e in range(N_EXPERTS)])
    want = 2 * x
    # the checker names the race: expert 2's store overwrites the source of expert 0's copy
    with pytest.raises(tessera.KernelError, match="overwrites the source of kernel DMA"):
        _moe_gather(False, x)
    # and it is real: in a legal DMA order (each DMA moves when waited for) experts 0 and 1
    # come back as experts 2 and 3
    got = _moe_gather(False, x, check=False, dma_order="on-wait")
    np.testing.assert_array_equal(got, np.concatenate([want[2:], want[2:]]))
    # the fix: every order gives the right rows, and the checker finds nothing
    for order in ("eager", "on-wait", "random"):
        np.testing.assert_array_equal(_moe_gather(True, x, dma_order=order), want)


# ---- the barrier semaphore on one device --------------------------------------------------

def _barrier_kernel(x_ref, o_ref):
    # tpu-inference's fused MoE synchronizes its devices so, also when there is one
    sem = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(sem, 1, device_id=(0,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(sem, 1)
    o_ref[...] = x_ref[...] + 1.0


def test_barrier_semaphore_on_one_device():
    x = np.arange(8 * 128, dtype=np.float32).reshape(8, 128)
    mesh = jax.sharding.Mesh(np.array(jax.devices()[:1]), ("x",))
    f = pl.pallas_call(_barrier_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                       compiler_params=pltpu.CompilerParams(collective_id=0))
    g = jax.shard_map(f, mesh=mesh, in_specs=jax.sharding.PartitionSpec("x"),
                      out_specs=jax.sharding.PartitionSpec("x"), check_vma=False)
    with tj.enabled(chip="v6e"):
        out = np.asarray(jax.jit(g)(x))
    np.testing.assert_array_equal(out, x + 1)


# ---- one buffer for a block that never moves ----------------------------------------------

def _matmul_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], w_ref[...], preferred_element_type=jnp.float32)


def _matmul(grid_n, vmem_limit):
    # x (256, 512) f32, 512 KiB, is one whole block whose index map reads only the grid's axis
    # of one step; w and the output move along the other axis (grid_n steps)
    x = np.arange(256 * 512, dtype=np.float32).reshape(256, 512) % 7 - 3
    w = np.arange(512 * 128 * grid_n, dtype=np.float32).reshape(512, 128 * grid_n) % 5 - 2
    f = pl.pallas_call(
        _matmul_kernel, out_shape=jax.ShapeDtypeStruct((256, 128 * grid_n), jnp.float32), grid=(1, grid_n),
        in_specs=[pl.BlockSpec((256, 512), lambda i, j: (i, 0)), pl.BlockSpec((512, 128), lambda i, j: (0, j))],
        out_specs=pl.BlockSpec((256, 128), lambda i, j: (i, j)),
        compiler_params=pltpu.CompilerParams(vmem_limit_bytes=vmem_limit))
    with tj.enabled(chip="7x"):
        got = np.asarray(jax.jit(f)(x, w))
    np.testing.assert_array_equal(got, x @ w)  # small integers: exact in f32


@pytest.mark.parametrize("grid_n", [1, 2])
def test_block_that_never_moves_has_one_buffer(grid_n):
    # as Pallas's TPU pipeline judges a block (jax/_src/pallas/mosaic/pipeline.py,
    # _spec_has_trivial_windowing) and kernels size vmem_limit_bytes (vLLM's quantized matmul:
    # "double buffering is used only if there are multiple blocks"): x takes 512 KiB, not 1 MiB;
    # w and the output 256 and 128 KiB a buffer, two buffers each when they move (grid_n 2)
    moving = (256 + 128) * 1024 * (2 if grid_n > 1 else 1)
    _matmul(grid_n, 512 * 1024 + moving)
    with pytest.raises(tessera.KernelError, match="VMEM needed"):
        _matmul(grid_n, 512 * 1024 + moving - 1)


# ---- float4_e2m1fn (fp4 weights, TPU7x) -----------------------------------------------------

def _fp4_kernel(w_ref, v_ref, a_ref, dec_ref, enc_ref, mm_ref):
    dec_ref[...] = w_ref[...].astype(jnp.float32)
    enc_ref[...] = v_ref[...].astype(jnp.float4_e2m1fn)
    mm_ref[...] = jax.lax.dot_general(a_ref[...], w_ref[...], (((1,), (0,)), ((), ())),
                                      preferred_element_type=jnp.float32)


def _fp4_call(chip):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    rng = np.random.default_rng(0)
    w = rng.integers(0, 16, (256, 256)).astype(np.uint8).view(ml_dtypes.float4_e2m1fn)  # every code
    v = (rng.standard_normal((256, 256)) * 3).astype(np.float32)
    a = rng.integers(-16, 17, (128, 256)).astype(np.float32).astype(ml_dtypes.float8_e4m3fn)
    f = pl.pallas_call(_fp4_kernel, out_shape=(jax.ShapeDtypeStruct((256, 256), jnp.float32),
                                               jax.ShapeDtypeStruct((256, 256), jnp.float4_e2m1fn),
                                               jax.ShapeDtypeStruct((128, 256), jnp.float32)))
    with tj.enabled(chip=chip):
        dec, enc, mm = map(np.asarray, jax.jit(f)(w, v, a))
    return ml_dtypes, w, v, a, dec, enc, mm


def test_float4_e2m1fn_kernel():
    # XLA hands the kernel fp4 arrays packed two codes a byte; the kernel reads the codes'
    # values, rounds f32 to them as ml_dtypes does (to nearest even, saturating at 6), and
    # multiplies float8_e4m3fn by them (TPU7x: Mosaic extends fp4 to float8_e4m3fn exactly)
    ml_dtypes, w, v, a, dec, enc, mm = _fp4_call("7x")
    np.testing.assert_array_equal(dec, w.astype(np.float32))
    assert enc.view(np.uint8).tolist() == v.astype(ml_dtypes.float4_e2m1fn).view(np.uint8).tolist()
    np.testing.assert_array_equal(mm.astype(np.float64), a.astype(np.float64) @ w.astype(np.float64))  # exact sums


def test_float4_e2m1fn_matmul_before_tpu7x():
    with pytest.raises(tessera.KernelError, match="float4_e2m1fn operands .* only on TPU7x"):
        _fp4_call("v6e")
