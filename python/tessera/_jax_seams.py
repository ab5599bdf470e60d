"""Every JAX internal that tessera.jax touches, in one place, with the JAX releases each was
checked against.

tessera.jax works inside JAX's lowering, where JAX has no public API: it replaces the CPU
lowering rule of the pallas_call (and pl.core_map) primitive, calls JAX's own TPU rule, and
answers Pallas's questions about the TPU. What it takes from JAX is listed here, and nothing
else in the package imports jax._src. Each entry was checked against the releases in CHECKED
(the package's tests pass with each: scripts/test.sh runs them with the newest and the
oldest). pyproject.toml declares the same range.

On a JAX release outside CHECKED, importing tessera.jax warns (naming the release and the
range checked) and goes on: what still resolves is used. An internal that this JAX lacks
fails when it is first needed, with an error that names it, and the features that can do
without it (pl.core_map's lowering, Pallas's TPU questions, the pinned-buffer check) are off,
with a warning.

What JAX hands the lowering rules is a contract too (checked in the same releases): the rule
context's avals_in and module_context.axis_context (its mesh and manual_axes under
shard_map), the pallas_call parameters read by name (interpret, compiler_params, name,
jaxpr or jaxprs; meshes for mpmd_map), and the op the TPU rule emits: a
stablehlo.custom_call @tpu_custom_call with backend_config (the Mosaic payload), kernel_name,
output_operand_aliases, has_side_effect and mhlo.frontend_attributes.

Public JAX API the package also relies on (stable, listed for completeness): jax.ffi
(register_ffi_target, pycapsule, include_dir at build time), jax.make_user_context,
jax.live_arrays, jax.block_until_ready, jax.export (tessera.run, tessera.jax.tune) and the
XLA FFI C API (src/ffi: the handler checks the API version it is called with)."""
from __future__ import annotations

import importlib
import warnings
from typing import Any

import jax
import jaxlib

# The jax and jaxlib releases every entry below was checked against (the package's tests).
CHECKED = ("0.10.0", "0.10.1", "0.10.2")
RANGE = ">=0.10.0,<0.11"  # pyproject.toml's

missing: list[str] = []  # the entries this JAX lacks


class Missing:
    """A JAX internal this JAX does not have: any use fails, naming it and the releases checked."""

    def __init__(self, where: str, why: Exception):
        self.where = where
        self.message = (f"tessera.jax needs {where}, which jax {jax.__version__} does not have ({type(why).__name__}: "
                        f"{why}); tessera {_package_version()} was checked with jax and jaxlib "
                        f"{', '.join(CHECKED)} (pip install 'jax{RANGE}' 'jaxlib{RANGE}')")

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise ImportError(self.message)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise ImportError(self.message)

    def __bool__(self) -> bool:
        return False


def _package_version() -> str:
    try:
        from importlib.metadata import version
        return version("tessera")
    except Exception:  # noqa: BLE001 - run from a source tree
        return "(source tree)"


def _get(module: str, name: str | None = None) -> Any:
    """module, or module.name, or a Missing that names it."""
    where = f"{module}.{name}" if name else module
    try:
        if name is None:  # a module, or what its package binds by that name (jaxlib's MLIR bindings)
            try:
                return importlib.import_module(module)
            except ImportError:
                module, _, name = module.rpartition(".")
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as e:
        missing.append(where)
        return Missing(where, e)


def unknown_version(jax_version: str | None = None, jaxlib_version: str | None = None) -> str | None:
    """The warning's text when jax or jaxlib is a release outside CHECKED; None otherwise."""
    jv = jax.__version__ if jax_version is None else jax_version
    lv = jaxlib.__version__ if jaxlib_version is None else jaxlib_version
    if jv in CHECKED and lv in CHECKED:
        return None
    return (f"tessera.jax: jax {jv} with jaxlib {lv} is not a release this tessera {_package_version()} was checked "
            f"with (jax and jaxlib {', '.join(CHECKED)}; pip install 'jax{RANGE}' 'jaxlib{RANGE}'): it may work, "
            "or fail where JAX's internals have changed (the ones it uses: tessera/_jax_seams.py)")


# ---- the entries: what, from where, and what tessera does with it ------------------------------

# JAX's MLIR bindings and lowering machinery: the rule context, register_lowering (tessera's
# CPU rules), custom_call (the FFI call that replaces the TPU custom call); ir and hlo build it.
mlir = _get("jax._src.interpreters.mlir")
ir = _get("jax._src.lib.mlir.ir")
hlo = _get("jax._src.lib.mlir.dialects.hlo")
# The abstract mesh in force: whether it names a TPU device (an export for TPU), whose answers
# to Pallas's TPU questions then win over tessera's.
get_abstract_mesh = _get("jax._src.mesh", "get_abstract_mesh")
# The pallas_call primitive, JAX's own (generic) lowering rule for it (for the calls tessera
# leaves to JAX: interpret=, other backends' compiler params) and its TPU rule (the Mosaic
# module a TPU would get, in a tpu_custom_call).
pallas_call_p = _get("jax._src.pallas.pallas_call", "pallas_call_p")
pallas_call_lowering = _get("jax._src.pallas.pallas_call", "_pallas_call_lowering")
pallas_call_tpu_lowering_rule = _get("jax._src.pallas.mosaic.pallas_call_registration",
                                     "pallas_call_tpu_lowering_rule")
# pl.core_map / pl.kernel over a TensorCore mesh: its primitive and JAX's two rules for it.
mpmd_map_p = _get("jax._src.pallas.mpmd", "mpmd_map_p")
mpmd_map_fallback_lowering = _get("jax._src.pallas.mpmd", "_mpmd_map_fallback_lowering")
mpmd_map_tpu_lowering = _get("jax._src.pallas.mpmd", "_mpmd_map_tpu_lowering")
# Mosaic's compiler parameters and TensorCore mesh (which calls are Mosaic's), and the
# function that makes the mesh, which tessera wraps (hook_tensorcore_mesh).
CompilerParams = _get("jax._src.pallas.mosaic.core", "CompilerParams")
TensorCoreMesh = _get("jax._src.pallas.mosaic.core", "TensorCoreMesh")
# The SparseCore's meshes (pl.core_map over its vector or scalar subcores): their kernels lower
# to Mosaic as a TensorCore mesh's do, for the SparseCore's core type.
VectorSubcoreMesh = _get("jax._src.pallas.mosaic.sc_core", "VectorSubcoreMesh")
ScalarSubcoreMesh = _get("jax._src.pallas.mosaic.sc_core", "ScalarSubcoreMesh")
_tpu_core = _get("jax._src.pallas.mosaic.core")
_pltpu = _get("jax.experimental.pallas.tpu")
# Pallas's questions about the TPU (device kind, TensorCores), which tessera answers with its
# chip while enabled (hook_tpu_info).
_tpu_info = _get("jax._src.pallas.mosaic.tpu_info")
# Pinned buffers (jax's pin(), jax_refs_to_pins): refused by name.
AbstractLinVal = _get("jax._src.state.types", "AbstractLinVal")

# Without these tessera.jax cannot lower a call at all; the rest are features.
ESSENTIAL = ("jax._src.interpreters.mlir", "jax._src.lib.mlir.ir", "jax._src.lib.mlir.dialects.hlo",
             "jax._src.pallas.pallas_call.pallas_call_p", "jax._src.pallas.pallas_call._pallas_call_lowering",
             "jax._src.pallas.mosaic.pallas_call_registration.pallas_call_tpu_lowering_rule",
             "jax._src.pallas.mosaic.core.CompilerParams")


def is_tpu(device: Any) -> bool:
    """Whether an AbstractDevice (the abstract mesh's) is a TPU: its platform from jax 0.10.1;
    in 0.10.0, which has none, its device kind ("TPU v6e")."""
    if device is None:
        return False
    platform = getattr(device, "platform", None)
    if platform is not None:
        return platform == "tpu"
    return str(getattr(device, "device_kind", "")).startswith("TPU")


def set_global(context, value: Any) -> None:
    """The value of a jax.make_user_context() for every thread without one of its own:
    UserConfig.set_global from jax 0.10.1; in 0.10.0, the jaxlib Config it wraps (_obj), which
    has the same method."""
    f = getattr(context, "set_global", None)
    if f is None:
        f = context._obj.set_global
    f(value)


def hook_tpu_info(device_kind, num_device_cores) -> bool:
    """Makes tpu_info.get_device_kind and get_num_device_cores call device_kind(jax_s) and
    num_device_cores(jax_s) (each given JAX's own function); False where this JAX lacks them."""
    kind = getattr(_tpu_info, "get_device_kind", None) if _tpu_info else None
    cores = getattr(_tpu_info, "get_num_device_cores", None) if _tpu_info else None
    if kind is None or cores is None:
        return False
    _tpu_info.get_device_kind = lambda: device_kind(kind)
    _tpu_info.get_num_device_cores = lambda: num_device_cores(cores)
    return True


def hook_tensorcore_mesh(wrap) -> bool:
    """Replaces create_tensorcore_mesh (in jax._src.pallas.mosaic.core, and where
    jax.experimental.pallas.tpu binds it by name) with wrap(jax_s); False where it is missing."""
    make = getattr(_tpu_core, "create_tensorcore_mesh", None) if _tpu_core else None
    if make is None:
        return False
    new = wrap(make)
    _tpu_core.create_tensorcore_mesh = new
    if _pltpu:
        _pltpu.create_tensorcore_mesh = new
    return True


def check() -> None:
    """At import of tessera.jax: the version warning, and an ImportError naming what is missing
    when JAX lacks an essential entry (a warning for the others)."""
    text = unknown_version()
    if text:
        warnings.warn(text, RuntimeWarning, stacklevel=3)
    lacking = [m for m in missing if m in ESSENTIAL]
    if lacking:
        raise ImportError(f"tessera.jax cannot work with jax {jax.__version__}: it lacks {', '.join(lacking)} "
                          f"(checked with jax and jaxlib {', '.join(CHECKED)}; pip install 'jax{RANGE}' 'jaxlib{RANGE}')")
    if missing:
        warnings.warn(f"tessera.jax: jax {jax.__version__} lacks {', '.join(missing)}: what needs them is off "
                      "(pl.core_map kernels, Pallas's TPU questions answered with tessera's chip, the pinned-buffer "
                      "check)", RuntimeWarning, stacklevel=3)
