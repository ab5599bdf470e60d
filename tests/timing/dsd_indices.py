"""Prints the nonzero blocks of the left-hand side of the Pallas sparse tutorial's
block-sparse @ dense matmul (docs/pallas/tpu/sparse.md, generate_block_sparse_mat with
jax.random.key(0), 16384 x 16384 in 512 x 512 blocks, p = 0.1), as test_timing_fidelity.c
holds them. The notebook ran in September 2024 with JAX 0.4.3x, whose threefry was not yet
partitionable (jax_threefry_partitionable became the default in JAX 0.5.0): set it off to draw
the same bits. Run with tools/jax/.venv/bin/python."""
import jax
import jax.numpy as jnp

jax.config.update("jax_threefry_partitionable", False)
mask_key, _ = jax.random.split(jax.random.key(0))
block_mask = jax.random.bernoulli(mask_key, p=0.1, shape=(16384 // 512, 16384 // 512))
rows, cols = jnp.where(block_mask)
print(len(rows), "blocks")
print("i:", ", ".join(str(int(v)) for v in rows))
print("k:", ", ".join(str(int(v)) for v in cols))
