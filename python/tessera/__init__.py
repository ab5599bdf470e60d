"""tessera: Pallas TPU kernels run on a CPU, with the DMA pipeline a TPU compiler builds around
them, its checkers and its timing model.

    tessera.run(module, *arrays, chip=None)   an exported module, in this process -> numpy
    tessera.inspect(module)                   its kernels' DMA plans, as text
    tessera.jax                               TPU pallas_calls in jax.jit run by tessera
    tessera.KernelError                       what tessera found wrong, in its own words
"""
from __future__ import annotations

from typing import Any

from ._errors import KernelError
from ._module import inspect, run

__all__ = ["KernelError", "run", "inspect", "jax"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # tessera.jax imports jax and registers with it: only when asked for
    if name == "jax":
        import importlib
        return importlib.import_module(".jax", __name__)
    raise AttributeError(f"module 'tessera' has no attribute {name!r}")
