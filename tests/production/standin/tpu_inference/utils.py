"""Stand-in for the few names of tpu_inference.utils that the kernels import (upstream's module
imports torch, torchax and vLLM). Same meaning as upstream's at the pinned commit:
align_to rounds up to a multiple; get_dtype_packing is how many elements of a dtype one 32-bit
word holds; get_device_name is the TPU's name as the tuned-block-size tables key it
("TPU v6e", "TPU v7", with "-N" for N devices); make_optimized_mesh is jax.make_mesh over the
devices sorted by their coords, except that a one-axis mesh of 4 or 8 v6e chips follows the
ring through the slice (up one column of the 2x2 or 2x4 torus and down the other), so that
neighbours on the axis are neighbours on the ICI (the collectives kernels' tests use it)."""
import jax
import numpy as np
from jax._src import dtypes

TPU_HEAD_SIZE_ALIGNMENT = 128
TPU_SECOND_LAST_MINOR = 8


def align_to(unpadded_dim: int, pad_multiple: int) -> int:
    return -(-unpadded_dim // pad_multiple) * pad_multiple


def get_dtype_packing(dtype) -> int:
    return 32 // dtypes.itemsize_bits(dtype)


def get_device_name(num_devices: int | None = None) -> str:
    kind = jax.devices()[0].device_kind
    if "TPU" not in kind:
        raise RuntimeError("Expected TPU devices")
    if kind == "TPU7x":
        name = "TPU v7"
    elif kind.endswith(" lite"):
        name = kind[:-len(" lite")] + "e"
    else:
        name = kind  # "TPU v5", "TPU v5p", "TPU v6e" as given
    return name + (f"-{num_devices}" if num_devices is not None else "")


def make_optimized_mesh(axis_shapes, axis_names, *, devices=None) -> jax.sharding.Mesh:
    devices = sorted(jax.devices() if devices is None else devices, key=lambda d: tuple(d.coords))
    if sum(n > 1 for n in axis_shapes) == 1 and devices[0].device_kind == "TPU v6 lite" \
            and len(devices) in (4, 8):
        # sorted by coords, x first: column x=0 (y ascending), then column x=1; the ring goes up
        # the first and down the second
        half = len(devices) // 2
        ring = devices[:half] + devices[half:][::-1]
        return jax.sharding.Mesh(np.array(ring).reshape(axis_shapes), axis_names)
    try:
        return jax.make_mesh(axis_shapes, axis_names, devices=devices)
    except (AssertionError, ValueError, RuntimeError):  # a count jax.make_mesh has no layout for
        return jax.sharding.Mesh(np.array(devices).reshape(axis_shapes), axis_names)
