"""A kernel that talks to other chips, under jax.shard_map over 4 CPU devices: each device sends
its shard to its right neighbour's VMEM with a remote copy and adds 1 to what it received from
its left. tessera runs the 4 devices' calls as one simulated machine of 4 chips, the copies
landing in the other devices' buffers; the result is checked against numpy's roll.

XLA's CPU device count is fixed when JAX starts, hence XLA_FLAGS before `import jax`.

    python examples/shard_map.py
"""
import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.experimental import pallas as pl  # noqa: E402
from jax.experimental.pallas import tpu as pltpu  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import tessera.jax  # noqa: E402

DEVICES, ROWS, COLS = 4, 8, 128


def right_permute_kernel(x_ref, o_ref, buf, send_sem, recv_sem):
    right = jax.lax.rem(jax.lax.axis_index("x") + 1, DEVICES)
    copy = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=buf, send_sem=send_sem, recv_sem=recv_sem,
                                        device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()   # this device's copy has left, and its left neighbour's has arrived in buf
    o_ref[...] = buf[...] + 1.0


def right_permute(x):
    vmem = pl.BlockSpec(memory_space=pltpu.VMEM)
    return pl.pallas_call(right_permute_kernel, out_shape=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
                          in_specs=[vmem], out_specs=vmem,
                          scratch_shapes=[pltpu.VMEM((ROWS, COLS), jnp.float32),
                                          pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA])(x)


def main():
    assert len(jax.devices()) == DEVICES, jax.devices()
    mesh = jax.make_mesh((DEVICES,), ("x",))
    f = jax.jit(jax.shard_map(right_permute, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))
    x_np = np.arange(DEVICES * ROWS * COLS, dtype=np.float32).reshape(DEVICES * ROWS, COLS)
    x = jax.device_put(x_np, NamedSharding(mesh, P("x")))
    with tessera.jax.enabled():
        y = np.asarray(f(x))
    # device d holds device d - 1's shard, plus one
    np.testing.assert_array_equal(y, np.roll(x_np, ROWS, axis=0) + 1.0)
    print(f"right permute over {DEVICES} devices under shard_map: equal to numpy: ok")


if __name__ == "__main__":
    main()
