"""A stand-in for the top of the tpu_inference package, enough for its kernels and their tests.

The real tpu_inference/__init__.py sets up vLLM's environment and loads its engine; the kernels
need none of that. This package's search path is extended with the fetched source tree's
tpu_inference/ (TESSERA_TPU_INFERENCE, set by tests/production/run.py), so that
tpu_inference.kernels and tpu_inference.envs (which uses only the standard library) are
upstream's own, unedited, while tpu_inference.logger and tpu_inference.utils are the minimal
stand-ins next to this file (upstream's import vLLM, torch and torchax).
"""
import os

_tree = os.environ.get("TESSERA_TPU_INFERENCE")
if _tree:
    __path__.append(os.path.join(_tree, "tpu_inference"))  # noqa: F821 - a package's own path
