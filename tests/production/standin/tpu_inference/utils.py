"""Stand-in for the few names of tpu_inference.utils that the kernels import (upstream's module
imports torch, torchax and vLLM). Same meaning as upstream's at the pinned commit:
align_to rounds up to a multiple; get_dtype_packing is how many elements of a dtype one 32-bit
word holds; get_device_name is the TPU's name as the tuned-block-size tables key it
("TPU v6e", "TPU v7", with "-N" for N devices)."""
import jax
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
