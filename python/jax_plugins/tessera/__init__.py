"""tessera as JAX's TPU. With TESSERA_TPU set ("v5e", "v5e:4", "v5p:2x2x1", a chip and then a
device count or a mesh), JAX's TPU backend is tessera's PJRT plugin (libtessera_pjrt.so, shipped
in the tessera package): jax.devices() are simulated TPU chips, and every program JAX lowers
for them (jnp code, jax.jit, pallas_call without interpret=) runs on tessera. Unset, nothing
changes. The application never imports tessera: JAX imports this module itself, as it does every
module of the jax_plugins namespace package (and every `jax_plugins` entry point), and calls
initialize() before it creates its backends.

initialize() does what a Cloud TPU VM does for libtpu (jax/_src/cloud_tpu_init.py): it points
TPU_LIBRARY_PATH at the plugin, so that JAX's own "tpu" backend loads it exactly as it loads
libtpu, and marks that backend to fail loudly, so that a plugin that cannot start (an unknown
chip in TESSERA_TPU) is an error rather than a quiet fall back to the CPU. docs/pjrt.md says why
this way.
"""
from __future__ import annotations

import importlib.util
import os
import warnings

LIBRARY = "libtessera_pjrt.so"


def library_path() -> str | None:
    """The plugin library: TESSERA_PJRT_LIBRARY, else the one beside the tessera package."""
    path = os.environ.get("TESSERA_PJRT_LIBRARY")
    if path:
        return path
    spec = importlib.util.find_spec("tessera")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        candidate = os.path.join(folder, LIBRARY)
        if os.path.isfile(candidate):
            return candidate
    return None


def initialize() -> None:
    if not os.environ.get("TESSERA_TPU"):
        return
    path = library_path()
    if path is None:
        raise RuntimeError(f"TESSERA_TPU is set, but the tessera package holds no {LIBRARY} "
                           "(reinstall the package, or point TESSERA_PJRT_LIBRARY at the library)")
    previous = os.environ.get("TPU_LIBRARY_PATH")
    if previous and os.path.realpath(previous) != os.path.realpath(path):
        warnings.warn(f"TESSERA_TPU is set: JAX's TPU backend is tessera's ({path}), not "
                      f"TPU_LIBRARY_PATH={previous}")
    os.environ["TPU_LIBRARY_PATH"] = path
    _fail_loudly()


def _fail_loudly() -> None:
    """JAX registers its "tpu" backend to fail quietly (a machine without a TPU falls back to the
    CPU). With TESSERA_TPU set, a plugin that cannot start (an unknown chip) must be an error:
    mark JAX's own registration so, which changes no jax.config value (JAX's test cases check
    that none changed). Should a JAX release move this private field, ask for the platforms
    "tpu,cpu" instead, which fails loudly too."""
    try:
        from jax._src import xla_bridge
        xla_bridge._backend_factories["tpu"].fail_quietly = False
        return
    except (ImportError, AttributeError, KeyError):
        pass
    import jax
    if jax.config.jax_platforms is None:
        jax.config.update("jax_platforms", "tpu,cpu")
