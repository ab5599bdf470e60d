#!/usr/bin/env python3
"""JAX's own library of Pallas TPU kernels (jax.experimental.pallas.ops.tpu: megablox gmm, flash
attention, paged and ragged paged attention, splash attention, the philox PRNG), written by
JAX's authors for real models and in none of tessera's suites, jitted live through tessera.jax
against JAX's TPU interpret mode (pltpu.force_tpu_interpret_mode), warm, in alternating
rounds, in one process. Each kernel's tessera output is checked against interpret mode's
before anything is timed (matmuls at full precision on both sides: the TPU's default rounds
f32 operands to bf16, which tessera models and interpret mode does not). A kernel interpret
mode cannot run is reported with its error, and timed on tessera alone.

Usage: python/.venv/bin/python bench/jax/library_kernels.py [--rounds 5] [--chip v5e]
         [--only NAME ...]
Prints one line per kernel: the two medians and their ratio, and the load average.
"""
import argparse
import importlib
import logging
import os
import statistics
import sys
import time


def kernels():
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.experimental.pallas.ops.tpu import flash_attention as fa
    from jax.experimental.pallas.ops.tpu.paged_attention import paged_attention
    from jax.experimental.pallas.ops.tpu.ragged_paged_attention import kernel as rpa
    from jax.experimental.pallas.ops.tpu.random import philox
    from jax.experimental.pallas.ops.tpu.splash_attention import splash_attention_kernel as sk
    from jax.experimental.pallas.ops.tpu.splash_attention import splash_attention_mask as sm
    gmm = importlib.import_module("jax.experimental.pallas.ops.tpu.megablox.gmm")

    def normal(seed, shape):
        return jax.random.normal(jax.random.PRNGKey(seed), shape, jnp.float32)

    flash_blocks = fa.BlockSizes(block_q=128, block_k_major=128, block_k=128, block_b=1,
                                 block_q_major_dkv=128, block_k_major_dkv=128, block_k_dkv=128,
                                 block_q_dkv=128, block_k_major_dq=128, block_k_dq=128, block_q_dq=128)
    splash_mask = sm.MultiHeadMask([sm.CausalMask((512, 512)) for _ in range(2)])
    splash = sk.make_splash_mha(splash_mask, head_shards=1, q_seq_shards=1,
                                block_sizes=sk.BlockSizes(block_q=128, block_kv=128, block_kv_compute=128))
    q_lens, kv_lens = [5, 1, 40], [37, 100, 64]
    ragged_args = (normal(0, (64, 8, 128)), normal(1, (64, 16, 8, 128)), jnp.array(kv_lens + [0], jnp.int32),
                   jax.random.permutation(jax.random.PRNGKey(2), 64)[:32].reshape(4, 8).astype(jnp.int32),
                   jnp.array(np.concatenate([[0], np.cumsum(q_lens), [sum(q_lens)]]), jnp.int32),
                   jnp.array([len(q_lens)], jnp.int32))
    return {
        "gmm": ("megablox gmm f32 512x256x256, 4 ragged groups, (128,128,128) tiles",
                lambda a, b, g: gmm.gmm(a, b, g, tiling=(128, 128, 128)),
                (normal(0, (512, 256)), normal(1, (4, 256, 256)), jnp.array([100, 156, 0, 256], jnp.int32)), None),
        "flash": ("flash attention fwd f32 1x2x512x128, causal, 128 blocks",
                  lambda q, k, v: fa.flash_attention(q, k, v, causal=True, block_sizes=flash_blocks),
                  tuple(normal(i, (1, 2, 512, 128)) for i in range(3)), None),
        "paged": ("paged attention f32 2 seqs x 4 heads x 128, 16-row pages, 4 pages a block",
                  lambda *a: paged_attention(*a, pages_per_compute_block=4),
                  (normal(0, (2, 4, 128)), normal(1, (4, 32, 16, 128)), normal(2, (4, 32, 16, 128)),
                   jnp.array([37, 128], jnp.int32), jnp.arange(16, dtype=jnp.int32).reshape(2, 8)), None),
        "ragged": ("ragged paged attention f32, 3 seqs (prefill and decode), 8 q / 4 kv heads",
                   lambda *a: rpa.ragged_paged_attention(*a, sm_scale=0.1, num_kv_pages_per_block=4,
                                                          num_queries_per_block=16),
                   ragged_args, sum(q_lens)),
        "splash": ("splash attention fwd f32 2x512x128, causal mask, 128 blocks", splash,
                   tuple(normal(i, (2, 512, 128)) for i in range(3)), None),
        "philox": ("philox 4x32 random bits u32[512,512], (256,256) blocks",
                   lambda k: philox.philox_random_bits(k, 32, (512, 512)),
                   (jnp.array([[0, 42]], jnp.uint32),), None),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--chip", default="v5e")
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    import jax
    jax.config.update("jax_platforms", "cpu")
    import numpy as np
    from jax.experimental.pallas import tpu as pltpu
    import tessera.jax as live
    # interpret mode's failures inside its io_callback are logged with a traceback, then raised
    logging.getLogger("jax._src.callback").setLevel(logging.CRITICAL)

    def same(got, want, valid_rows) -> bool:
        for g, w in zip(jax.tree.leaves(got), jax.tree.leaves(want)):
            g, w = np.asarray(g)[:valid_rows], np.asarray(w)[:valid_rows]  # rows past them: padding
            if g.dtype.kind == "f" and not np.allclose(g, w, rtol=1e-4, atol=1e-4):
                return False
            if g.dtype.kind != "f" and not np.array_equal(g, w):
                return False
        return True

    def once(fn, args):
        t0 = time.perf_counter()
        out = jax.block_until_ready(fn(*args))
        return time.perf_counter() - t0, out

    print(f"# load average at the start: {os.getloadavg()[0]:.2f}; chip {a.chip}; {a.rounds} rounds")
    failed = 0
    with jax.default_matmul_precision("highest"):
        for name, (what, fn, args, valid_rows) in kernels().items():
            if a.only and name not in a.only:
                continue
            with live.enabled(chip=a.chip, check=False):
                ours = jax.jit(fn)
                _, got = once(ours, args)
            theirs, error = jax.jit(fn), None
            try:
                with pltpu.force_tpu_interpret_mode():
                    _, want = once(theirs, args)
            except Exception as e:  # noqa: BLE001 - interpret mode's own failure is the figure
                error = f"{type(e).__name__}: {str(e).strip().splitlines()[-1][:120]}"
            if error is None and not same(got, want, valid_rows):
                print(f"{name:7s} tessera's output differs from interpret mode's: not timed")
                failed += 1
                continue
            t_ours, t_theirs = [], []
            for _ in range(a.rounds):
                with live.enabled(chip=a.chip, check=False):
                    t_ours.append(once(ours, args)[0])
                if error is None:
                    with pltpu.force_tpu_interpret_mode():
                        t_theirs.append(once(theirs, args)[0])
            mine = statistics.median(t_ours)
            if error is None:
                peer = statistics.median(t_theirs)
                print(f"{name:7s} {what}: TPU interpret {peer * 1e3:9.1f} ms, tessera live {mine * 1e3:7.2f} ms,"
                      f" ratio {peer / mine:6.1f}x", flush=True)
            else:
                print(f"{name:7s} {what}: TPU interpret fails ({error}); tessera live {mine * 1e3:7.2f} ms",
                      flush=True)
    print(f"# load average at the end: {os.getloadavg()[0]:.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
