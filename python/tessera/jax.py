"""tessera inside JAX: TPU pallas_calls in jax.jit, lowered for the CPU, run by tessera.

While enabled, a pallas_call meant for TPU (Mosaic) that JAX lowers for the CPU is lowered
exactly as the TPU path lowers it (pallas_call_tpu_lowering_rule: the Mosaic module JAX would
send to a TPU, in a stablehlo.custom_call @tpu_custom_call), and that custom call is then
emitted as the XLA FFI call @tessera_tpu_custom_call, whose handler (src/ffi/handler.c) runs
the kernel on XLA's buffers. The rest of the graph stays on XLA's CPU backend. Calls that pass
interpret= keep JAX's behaviour. How it works, the compile-cache interaction and the limits:
docs/jax.md.

    import tessera.jax
    tessera.jax.enable()                         # e.g. in a conftest.py
    with tessera.jax.enabled(chip="v5p"): ...    # or for a block; errors become KernelError
    with tessera.jax.timing(chip="v5e") as t:    # the TPU timing model
        f(x).block_until_ready()
    t.simulated_seconds, t.kernels, t.write_trace("trace.json")
"""
from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import functools
import threading
import warnings
from typing import Any, Iterator

import jax

from . import _jax_seams as seams
from ._jax_seams import hlo, ir, mlir  # JAX's internals: all in _jax_seams, with the releases checked
from . import _check
from . import _native as n
from ._errors import KernelError, from_runtime_error
from ._tune import Candidate, TuneResult, tune

seams.check()  # a JAX release outside the range checked: a warning that names it

__all__ = ["enable", "disable", "enabled", "kernel_errors", "current", "timing", "tune", "Options", "Timing",
           "TuneResult", "Candidate", "KernelError"]

FFI_TARGET = "tessera_tpu_custom_call"
_CHIP_BYTES = 255            # tsr_ffi_options.chip (src/ffi/ffi.h) holds the name and a NUL
_MAX_TIMEOUT = 1e9           # seconds: the handler's deadline must fit a time_t


@dataclasses.dataclass(frozen=True)
class Options:
    """How kernel calls run (what enable() takes). Hashable: it is part of jax.jit's cache
    key, so a function jitted under other options (or none) is lowered again."""
    chip: str = "v5e"            # a built-in chip (v4 v5e v5p v6e 7x) or a chip JSON file
    check: bool = True           # the race and semaphore checkers
    dma_order: str = "eager"     # eager | on-wait | random: when DMAs move their data
    poison: bool = False         # the poison checks (output DMAs and outputs)
    zero_copy: bool = False      # blocks inside their array are views of HBM
    host_helpers: int = 0        # host threads that help: 0 every idle CPU, -1 none
    seed: int = 0                # of dma_order="random"
    max_ops: int = 0             # op budget per kernel call and core; 0: the default (1e9)
    timeout: float = 60.0        # under shard_map: seconds a device's call waits for the others'
    # what a kernel's load out of its memref's bounds gives (JAX's InterpretParams names and
    # default): "raise" fails the call, as Mosaic's bounds checks stop a TPU; "uninitialized"
    # gives poison, with a warning naming the read (docs/jax.md)
    out_of_bounds_reads: str = "raise"

    def __post_init__(self):
        # every option is checked (and normalised) here, so that a bad one fails at enable(),
        # not at the first kernel call (as an MLIR attribute that does not fit, or in the handler)
        def put(name: str, value: Any) -> None:
            object.__setattr__(self, name, value)
        put("chip", _check.chip(self.chip))
        if len(self.chip.encode()) > _CHIP_BYTES:
            raise ValueError(f"tessera: chip is at most {_CHIP_BYTES} bytes (a chip JSON file's absolute path), "
                             f"not {len(self.chip.encode())}: {self.chip!r}")
        for name in ("check", "poison", "zero_copy"):
            put(name, _check.flag(name, getattr(self, name)))
        put("dma_order", _check.one_of("dma_order", self.dma_order, tuple(n.DMA_ORDERS)))
        put("out_of_bounds_reads", _check.one_of("out_of_bounds_reads", self.out_of_bounds_reads, tuple(n.OOB_READS)))
        put("host_helpers", _check.host_helpers(self.host_helpers))
        put("seed", _check.integer("seed", self.seed, 0, _check.I64_MAX))
        put("max_ops", _check.integer("max_ops", self.max_ops, 0, _check.I64_MAX))
        put("timeout", _check.seconds("timeout", self.timeout, _MAX_TIMEOUT))
        _device_kind(self.chip)  # an unknown chip fails here, not at the first call

    @classmethod
    def make(cls, **options: Any) -> "Options":
        """Options from keyword arguments; an unknown name is a ValueError that lists the known
        ones."""
        known = [f.name for f in dataclasses.fields(cls)]
        unknown = [k for k in options if k not in known]
        if unknown:
            raise ValueError(f"tessera: unknown option {unknown[0]!r} (the options are {', '.join(known)})")
        return cls(**options)

    def attributes(self) -> dict[str, ir.Attribute]:
        i64 = ir.IntegerType.get_signless(64)
        return {"chip": ir.StringAttr.get(self.chip), "dma_order": ir.StringAttr.get(self.dma_order),
                "out_of_bounds_reads": ir.StringAttr.get(self.out_of_bounds_reads),
                **{k: ir.IntegerAttr.get(i64, int(getattr(self, k)))
                   for k in ("check", "poison", "zero_copy", "host_helpers", "seed", "max_ops")}}


# Part of jit's cache key and of the trace context: enabling, disabling or changing the
# options makes a function jitted before lower again instead of keeping its old lowering.
_options = jax.make_user_context(None)
_registered = False
_register_lock = threading.Lock()


def _register() -> None:
    global _registered
    with _register_lock:
        if _registered:
            return
        jax.ffi.register_ffi_target(FFI_TARGET, jax.ffi.pycapsule(n.ffi_lib.tsr_ffi_handler),
                                    platform="cpu")
        # A CPU rule takes precedence over the generic one, for the CPU only.
        mlir.register_lowering(seams.pallas_call_p, _lower_pallas_call, platform="cpu")
        if seams.mpmd_map_p:
            mlir.register_lowering(seams.mpmd_map_p, _lower_mpmd_map, platform="cpu")
        _hook_tpu_info()
        _registered = True


def enable(chip: str = "v5e", check: bool = True, dma_order: str = "eager", poison: bool = False,
           zero_copy: bool = False, host_helpers: int = 0, **more: Any) -> None:
    """Runs every TPU pallas_call that jax.jit lowers for the CPU through tessera, from now on
    (in every thread that has not entered tessera.jax.enabled()). More options: see Options."""
    opts = Options.make(chip=chip, check=check, dma_order=dma_order, poison=poison, zero_copy=zero_copy,
                        host_helpers=host_helpers, **more)
    _register()
    seams.set_global(_options, opts)


def disable() -> None:
    """TPU pallas_calls lowered for the CPU are JAX's again (which runs them only with
    interpret=...)."""
    seams.set_global(_options, None)


@contextlib.contextmanager
def enabled(chip: str = "v5e", check: bool = True, dma_order: str = "eager", poison: bool = False,
            zero_copy: bool = False, host_helpers: int = 0, **more: Any) -> Iterator[Options]:
    """enable() for a block (this thread). A kernel failure that JAX raises inside the block
    (a race, a deadlock, poison, ...) leaves it as tessera.KernelError."""
    opts = Options.make(chip=chip, check=check, dma_order=dma_order, poison=poison, zero_copy=zero_copy,
                        host_helpers=host_helpers, **more)
    _register()
    with _options(opts), kernel_errors():
        yield opts


@contextlib.contextmanager
def kernel_errors() -> Iterator[None]:
    """Raises tessera.KernelError for an error that JAX raised from a failed tessera kernel
    call inside the block (JAX raises those as its own runtime error: its C++ dispatch calls
    the kernel, so no Python of tessera's is there to raise). JAX dispatches jitted calls
    asynchronously, so the block ends by waiting for the computations of every live array:
    a call made inside it fails inside it."""
    try:
        yield
        jax.block_until_ready(jax.live_arrays())
    except Exception as e:  # noqa: BLE001 - JaxRuntimeError, or ValueError from jit's C++ path
        ke = from_runtime_error(e)
        if ke is None:
            raise
        raise ke from e


def current() -> Options | None:
    """The options in force in this thread (None: not enabled)."""
    return _options.value


# ---- the lowering ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _device_kind(chip_name: str) -> tuple[str, int]:
    """The TPU device kind (and TensorCores per device) that JAX's Mosaic code asks for
    (pltpu.get_tpu_info(): tiling rules, emit_pipeline), for tessera's chip."""
    chip = n.load_chip(chip_name)
    g, mega = chip.generation, chip.megacore
    kind = {4: "TPU v4" if mega else "TPU v4 lite", 5: "TPU v5" if mega else "TPU v5 lite",
            6: "TPU v6 lite", 7: "TPU7x"}.get(g)
    if kind is None:
        raise KernelError(f"chip {chip_name!r}: TPU generation {g} has no JAX device kind")
    return kind, chip.tensor_cores if mega else 1


def _tpu_named() -> bool:
    """Whether the abstract mesh in force names a TPU device (jax.sharding.use_abstract_mesh
    with a TPU AbstractDevice, as an export for TPU sets): its answers to Pallas's TPU
    questions win over tessera's. Under jax.shard_map the abstract mesh names the concrete
    mesh's devices, CPU devices here, whose kind ("cpu") and core count (None) Pallas cannot
    use: tessera's chip answers then, as outside shard_map."""
    if not seams.get_abstract_mesh:
        return False
    return seams.is_tpu(seams.get_abstract_mesh().abstract_device)


def _hook_tpu_info() -> None:
    """While tessera is enabled, Pallas's questions about the TPU (tpu_info.get_device_kind,
    get_num_device_cores: asked while a kernel is traced, as emit_pipeline does, and while it
    is lowered) are answered with tessera's chip, unless an abstract mesh names a TPU device.
    On a CPU they would fail ("Unsupported TPU device kind: cpu"). The answers depend on the
    options, which are part of the trace context, so get_tpu_info's cache keeps them apart."""
    def get_device_kind(kind) -> str:
        opts = _options.value
        if opts is None or _tpu_named():
            return kind()
        return _device_kind(opts.chip)[0]

    def get_num_device_cores(cores) -> int:
        opts = _options.value
        if opts is None or _tpu_named():
            return cores()
        return _device_kind(opts.chip)[1]

    seams.hook_tpu_info(get_device_kind, get_num_device_cores)

    # pltpu.create_tensorcore_mesh() (pl.core_map over a chip's TensorCores) reads
    # jax.devices()[0].num_cores (under shard_map: the abstract mesh's device's), which a CPU
    # device does not have: while tessera is enabled, the chip's cores. The function is also
    # bound by name in jax.experimental.pallas.tpu.
    def wrap(create_mesh):
        def create_tensorcore_mesh(axis_name: str, devices: Any = None, num_cores: int | None = None):
            if devices is None and num_cores is None and _options.value is not None and not _tpu_named():
                num_cores = _device_kind(_options.value.chip)[1]
            return create_mesh(axis_name, devices=devices, num_cores=num_cores)
        return create_tensorcore_mesh

    seams.hook_tensorcore_mesh(wrap)


def _is_mosaic(compiler_params: Any) -> bool:
    return compiler_params is None or isinstance(compiler_params, seams.CompilerParams)


def _mesh_attributes(ctx: mlir.LoweringRuleContext, opts: Options) -> dict[str, ir.Attribute]:
    """Under jax.shard_map over several devices (every axis manual): the mesh's device ids in
    mesh order and its shape, by which the handler knows the call's device and that the
    devices' calls of one launch run together (src/ffi/rendezvous.c); nothing otherwise."""
    ac = ctx.module_context.axis_context
    mesh = getattr(ac, "mesh", None)
    devices = getattr(mesh, "devices", None)
    if devices is None or devices.size <= 1 or \
            frozenset(getattr(ac, "manual_axes", ())) != frozenset(mesh.axis_names):
        return {}
    i64 = ir.IntegerType.get_signless(64)
    return {"mesh_devices": ir.DenseI64ArrayAttr.get([int(d.id) for d in devices.flat]),
            "mesh_shape": ir.DenseI64ArrayAttr.get([int(x) for x in devices.shape]),
            "timeout_ms": ir.IntegerAttr.get(i64, max(1, int(opts.timeout * 1000)))}


def _kernel_name(params: dict[str, Any]) -> str:
    """The kernel's name as JAX's TPU lowering gives it (the pallas_call's name, else its
    function's)."""
    jaxprs = params.get("jaxprs") or [params.get("jaxpr")]
    return params.get("name") or "_".join(str(getattr(getattr(j, "debug_info", None), "func_name", "?"))
                                          for j in jaxprs)


def _refuse_pinned(ctx: mlir.LoweringRuleContext, name: str) -> None:
    """Pinned buffers (jax's state pin()/create_linear(), or jax_refs_to_pins=True: operands of
    type AbstractLinVal, memref-typed in the lowered call) are refused by name: XLA's CPU
    backend has no implementation of the Pin and Unpin custom calls that make and read them,
    so a program holding one cannot run on the CPU with or without tessera."""
    for i, aval in enumerate(ctx.avals_in):
        if seams.AbstractLinVal and isinstance(aval, seams.AbstractLinVal):
            raise KernelError(f"kernel '{name}': operand {i} ({aval.inner_aval.str_short()}) is a pinned buffer "
                              "(jax's pin or jax_refs_to_pins: a memref-typed operand); tessera.jax does not run "
                              "kernels on pinned buffers, since XLA's CPU backend has no Pin/Unpin custom calls to "
                              "make them: pass the array itself (with input_output_aliases to update it in place)",
                              "TSR_ERR_UNSUPPORTED")


def _lower_pallas_call(ctx: mlir.LoweringRuleContext, *in_nodes, interpret: Any, **params):
    opts = _options.value
    if opts is None or interpret or not _is_mosaic(params.get("compiler_params")):
        return seams.pallas_call_lowering(ctx, *in_nodes, interpret=interpret, **params)
    _refuse_pinned(ctx, _kernel_name(params))
    outs = seams.pallas_call_tpu_lowering_rule(ctx, *in_nodes, interpret=interpret, **params)
    return _retarget(outs, opts, _mesh_attributes(ctx, opts))


def _tessera_mesh(mesh: Any) -> bool:
    """A mesh whose kernels tessera runs: a chip's TensorCores, or a SparseCore's subcores."""
    kinds = tuple(k for k in (seams.TensorCoreMesh, seams.VectorSubcoreMesh, seams.ScalarSubcoreMesh) if k)
    return isinstance(mesh, kinds)


def _lower_mpmd_map(ctx: mlir.LoweringRuleContext, *in_nodes, interpret: Any, **params):
    """pl.core_map / pl.kernel over a TensorCore or SparseCore mesh (mpmd_map_p), which lowers for the CPU
    through JAX's generic pallas_call rule: as on a TPU instead, when tessera is enabled."""
    opts = _options.value
    if opts is None or interpret or not _is_mosaic(params.get("compiler_params")) or \
            not all(_tessera_mesh(m) for m in params["meshes"]):
        return seams.mpmd_map_fallback_lowering(ctx, *in_nodes, interpret=interpret, **params)
    _refuse_pinned(ctx, _kernel_name(params))
    outs = seams.mpmd_map_tpu_lowering(ctx, *in_nodes, interpret=interpret, **params)
    return _retarget(outs, opts)


def _flat(values) -> list[ir.Value]:
    out = []
    for v in values:
        if isinstance(v, (list, tuple)):
            out.extend(_flat(v))
        else:
            out.append(v)
    return out


def _is_tpu_call(op: ir.Operation) -> bool:
    return op.name == "stablehlo.custom_call" and \
        ir.StringAttr(op.attributes["call_target_name"]).value == "tpu_custom_call"


def _tpu_call_of(outs: list[ir.Value]) -> ir.Operation:
    """The stablehlo.custom_call @tpu_custom_call the TPU rule just emitted: what the outputs
    come from (directly, or through the casts back to bool); for a call without outputs, the
    last one in the block the rule emitted into (the earlier calls there are retargeted)."""
    if not outs:
        calls = [op for op in ir.InsertionPoint.current.block.operations if _is_tpu_call(op.operation)]
        if calls:
            return calls[-1].operation
    todo, seen = [v.owner for v in outs], set()
    while todo:
        op = todo.pop()
        op = getattr(op, "operation", op)
        if not isinstance(op, ir.Operation) or id(op) in seen:
            continue
        seen.add(id(op))
        if _is_tpu_call(op):
            return op
        todo.extend(v.owner for v in op.operands)
    raise KernelError("the TPU lowering of a pallas_call emitted no tpu_custom_call")


def _row_major(t: ir.Type) -> list[int]:
    return list(range(ir.RankedTensorType(t).rank - 1, -1, -1))


def _retarget(outs, opts: Options, more: dict[str, ir.Attribute] | None = None):
    """Replaces the tpu_custom_call with the FFI call that runs its payload, in place."""
    flat = _flat(outs)
    old = _tpu_call_of(flat)
    payload = ir.StringAttr(old.attributes["backend_config"]).value_bytes
    name = ir.StringAttr(old.attributes["kernel_name"]).value if "kernel_name" in old.attributes else ""
    aliases = []
    if "output_operand_aliases" in old.attributes:
        for a in ir.ArrayAttr(old.attributes["output_operand_aliases"]):
            a = hlo.OutputOperandAlias(a)
            out_index = list(a.output_tuple_indices)
            aliases.append((a.operand_index, out_index[0] if out_index else 0))
    operands, results = list(old.operands), list(old.results)
    # compile now (the handler finds it in the cache): an op tessera does not run, a payload
    # that does not parse or a call that disagrees with its kernel is an error here, at jit
    flat_aliases = (ctypes.c_int64 * max(1, 2 * len(aliases)))(*[x for p in aliases for x in p])
    nops, nres = ctypes.c_int(), ctypes.c_int()
    if n.ffi_lib.tsr_ffi_check(payload, len(payload), name.encode(), flat_aliases, len(aliases), len(results),
                              ctypes.byref(nops), ctypes.byref(nres)) != 0:
        raise KernelError(f"kernel '{name}': {n.last_error()}")
    if (nops.value, nres.value) != (len(operands), len(results)):
        raise KernelError(f"kernel '{name}' takes {nops.value} operands and gives {nres.value} "
                          f"results; the call has {len(operands)} and {len(results)}")
    config = {"payload": ir.StringAttr.get(payload), "kernel_name": ir.StringAttr.get(name),
              **opts.attributes(), **(more or {})}
    if aliases:
        config["aliases"] = ir.DenseI64ArrayAttr.get([x for p in aliases for x in p])
    has_side_effect = "has_side_effect" in old.attributes and ir.BoolAttr(old.attributes["has_side_effect"]).value
    with ir.InsertionPoint(old), old.location:
        new = mlir.custom_call(
            FFI_TARGET, result_types=[r.type for r in results], operands=operands,
            backend_config=config, api_version=4, has_side_effect=has_side_effect,
            operand_output_aliases=dict(aliases) if aliases else None,
            operand_layouts=[_row_major(v.type) for v in operands],
            result_layouts=[_row_major(r.type) for r in results])
    if "mhlo.frontend_attributes" in old.attributes:
        new.attributes["mhlo.frontend_attributes"] = old.attributes["mhlo.frontend_attributes"]
    for r_old, r_new in zip(results, new.results):
        r_old.replace_all_uses_with(r_new)
    old.erase()

    def fix(v):  # the rule's outputs that were the old call's results are the new call's
        if isinstance(v, (list, tuple)):
            return type(v)(fix(x) for x in v)
        return next((r_new for r, r_new in zip(results, new.results) if v == r), v)
    return fix(outs)


# ---- the timing model ------------------------------------------------------------------------

class Timing:
    """What the TPU timing model says of the kernel calls made inside `with timing(...)`: the
    simulated seconds of them all, one dict per kernel call, and the Perfetto trace. Read
    after the block."""

    def __init__(self, chip: str, trace: bool, timing_only: bool | str = False):
        chip = _check.chip(chip)
        trace = _check.flag("trace", trace)
        mode = {False: 0, True: 1, "strict": 2}[_check.one_of("timing_only", timing_only, (False, True, "strict"))]
        n.load_chip(chip)  # an unknown chip is a ValueError, as for enable()
        self.chip = chip
        self.simulated_seconds = 0.0
        self.kernels: list[dict[str, Any]] = []
        self.devices: list[dict[str, Any]] = []  # under shard_map: one dict per device (ICI figures)
        self.calls = 0               # kernel calls timed
        self.timing_only_calls = 0   # of them, those that ran without computing
        self._session = ctypes.c_void_p()
        if n.ffi_lib.tsr_ffi_session_open(chip.encode(), trace, mode, ctypes.byref(self._session)) != 0:
            raise KernelError(f"timing: {n.last_error()}")

    def _close(self) -> None:
        n.ffi_lib.tsr_ffi_session_close(self._session)
        t = n.ffi_lib.tsr_ffi_session_timing(self._session)
        s = n.TimingSummary()
        n.lib.tsr_timing_summarize(t, ctypes.byref(s))
        self.simulated_seconds = s.seconds
        calls, fast = ctypes.c_int64(), ctypes.c_int64()
        n.ffi_lib.tsr_ffi_session_calls(self._session, ctypes.byref(calls), ctypes.byref(fast))
        self.calls, self.timing_only_calls = calls.value, fast.value
        self.kernels = []
        for i in range(s.kernels):
            k = n.TimingKernel()
            if n.lib.tsr_timing_kernel_at(t, i, ctypes.byref(k)) != 0:
                raise KernelError(f"timing: {n.last_error()}")
            self.kernels.append({"name": k.name.decode(), "simulated_seconds": k.seconds,
                                 "steps": k.steps, "dmas": k.dmas, "bytes_moved": k.bytes_moved,
                                 "flops": k.flops, "verdict": k.verdict.decode(),
                                 "cores": k.cores, "dmas_skipped": k.dmas_skipped})
        self.devices = []
        for d in range(s.devices if s.devices > 1 else 0):
            dv = n.TimingDevice()
            if n.lib.tsr_timing_device_at(t, d, ctypes.byref(dv)) != 0:
                raise KernelError(f"timing: {n.last_error()}")
            self.devices.append({f: getattr(dv, f) for f, _ in n.TimingDevice._fields_})

    def write_trace(self, path: str) -> None:
        """The Chrome trace-event JSON of the calls (opens in ui.perfetto.dev)."""
        t = n.ffi_lib.tsr_ffi_session_timing(self._session)
        if n.lib.tsr_timing_write_trace(t, str(path).encode()) != 0:
            raise KernelError(f"timing: {n.last_error()}")

    def __str__(self) -> str:
        """The timing model's report, as `tessera run --report` prints it (tsr_timing_report):
        totals, the bound verdict, then each kernel call."""
        with n.MemStream() as out:
            status = n.lib.tsr_timing_report(n.ffi_lib.tsr_ffi_session_timing(self._session), out.file)
        if status != 0:
            raise KernelError(f"timing: {n.last_error()}")
        return out.text

    def __repr__(self) -> str:
        return (f"<tessera.jax.Timing chip={self.chip!r} calls={self.calls} "
                f"simulated_seconds={self.simulated_seconds:.6g}>")

    def __del__(self):
        if getattr(self, "_session", None) and n.ffi_lib is not None:  # not at interpreter exit
            n.ffi_lib.tsr_ffi_session_destroy(self._session)
            self._session = None


@contextlib.contextmanager
def timing(chip: str | None = None, trace: bool = True,
           timing_only: bool | str = False) -> Iterator[Timing]:
    """Every kernel call of the process inside the block runs on `chip` (default: the enabled
    options' chip, else v5e) under the TPU timing model, one call at a time, as
    `tessera run --chip C --json` runs them (without the host split).

    timing_only=True times without computing, as `tessera run --timing-only` does: the
    simulated seconds are a full run's, but the kernels' results are left unwritten (their
    contents are undefined) and no checker runs; a kernel whose control flow or DMAs depend on
    vector data runs in full with a warning on stderr ("strict": it fails instead). The
    Timing's `timing_only_calls` of its `calls` ran without computing. JAX dispatches jitted
    calls asynchronously: the block ends by waiting for the computations of every live array
    (as kernel_errors() does), so that the calls made inside it are timed; one whose results
    were dropped unread may still escape (block_until_ready them inside the block): a block in
    which no kernel call ran warns (RuntimeWarning). Without enable(), the block routes the TPU
    pallas_calls of this thread to tessera itself, as enabled(chip=chip) would.

    print(t) prints the model's report, as `tessera run --report` does."""
    cur = _options.value
    chip = _check.chip(chip if chip is not None else cur.chip if cur else "v5e")
    routed = contextlib.nullcontext() if cur is not None else _options(Options.make(chip=chip))
    t = Timing(chip, trace, timing_only)
    if cur is None:
        _register()
    ok = False
    try:
        with routed, kernel_errors():  # which waits for the calls made inside
            yield t
        ok = True
    finally:
        t._close()
    if ok and t.calls == 0:
        warnings.warn("tessera.jax.timing: no kernel call ran inside the block, so nothing was timed (JAX "
                      "dispatches calls asynchronously: a call whose result is never used may run after the "
                      "block ends, and then in a later timing block; call .block_until_ready() on the "
                      "results inside the block)", RuntimeWarning, stacklevel=3)
