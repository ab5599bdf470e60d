"""The ctypes layer agrees with the C library it loads."""
from __future__ import annotations

from tessera import _native as n

# element sizes in bytes as TPU and numpy/ml_dtypes store them (bool as tessera's i32)
SIZES = {"f32": 4, "bf16": 2, "f16": 2, "i32": 4, "i16": 2, "i8": 1, "u32": 4, "u16": 2, "u8": 1,
         "bool": 4, "f64": 8, "i64": 8, "u64": 8, "c64": 8, "c128": 16, "semaphore": 8,
         "dma_semaphore": 8, "f8e4m3fn": 1, "f8e5m2": 1, "i4": 1}


def test_dtype_names_follow_the_library():
    """Every name the Python side uses for a dtype number is the library's dtype of that
    number: its size is the size of the type so named (a hand-kept list once fell two behind
    when complex types were added, and called a semaphore f8)."""
    n.lib.tsr_dtype_size.restype = n.ctypes.c_size_t
    n.lib.tsr_dtype_size.argtypes = [n.ctypes.c_int]
    assert set(SIZES) <= set(n.DTYPE_NAMES)
    for name, size in SIZES.items():
        assert n.lib.tsr_dtype_size(n.DTYPES[name]) == size, name
    assert n.DTYPE_NAMES[n.DTYPES["semaphore"]] == "semaphore"
