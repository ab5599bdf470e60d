"""tessera.run and tessera.inspect: an exported module through the C library, in this process,
as `tessera run` and `tessera inspect` do it."""
from __future__ import annotations

import ctypes
from typing import Any, Sequence

import numpy as np

from . import _check
from . import _native as n
from ._errors import KernelError


def _numpy_dtypes():
    import ml_dtypes
    return {"f32": np.float32, "bf16": ml_dtypes.bfloat16, "f16": np.float16, "i32": np.int32,
            "i16": np.int16, "i8": np.int8, "u32": np.uint32, "u16": np.uint16, "u8": np.uint8,
            "f64": np.float64, "i64": np.int64, "u64": np.uint64}


def _module_text(module: Any) -> str:
    """StableHLO text of a jax.export.Exported, of its serialized bytes, or given as text."""
    if isinstance(module, str):
        return module
    if isinstance(module, (bytes, bytearray, memoryview)):
        import jax
        try:
            module = jax.export.deserialize(bytearray(module))
        except Exception as e:  # noqa: BLE001 - struct.error, IndexError, ... from the flatbuffer reader
            raise ValueError(f"tessera: the {len(module)} bytes given as the module are not a serialized "
                             f"jax.export.Exported (Exported.serialize()): {type(e).__name__}: {e}") from e
    text = getattr(module, "mlir_module", None)
    if callable(text):
        return text()
    raise TypeError("tessera: a module is a jax.export.Exported, its serialized bytes, or "
                    f"StableHLO text, not {type(module).__name__}")


class _Program:
    """A compiled module and a machine to run it (tsr_sim_create: with the checkers asked for
    and, with timing=True, a timing model), freed on close."""

    def __init__(self, module: Any, chip: str | None, check: bool = True, dma_order: str = "eager",
                 poison: bool = False, zero_copy: bool = False, host_helpers: int = 0,
                 timing_only: int = 0, strict_block_shapes: bool = False, timing: bool = False):
        # the options first, before anything is allocated
        chip = "v5e" if chip is None else _check.chip(chip)
        check, poison, zero_copy = (_check.flag(k, v) for k, v in
                                    (("check", check), ("poison", poison), ("zero_copy", zero_copy)))
        dma_order = _check.one_of("dma_order", dma_order, tuple(n.DMA_ORDERS))
        host_helpers = _check.host_helpers(host_helpers)
        text = _module_text(module).encode()
        self.m, self.p, self.sim = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
        self.machine = None
        n.load_chip(chip)  # an unknown chip is a bad option: ValueError before anything runs
        try:
            self._ok(n.lib.tsr_mlir_parse_text(text, len(text), b"<module>", ctypes.byref(self.m)), "read")
            self._ok(n.lib.tsr_hlo_compile(self.m, ctypes.byref(self.p)), "compile")
            opts = n.SimOptions(
                chip=chip.encode(),
                machine=n.MachineOptions(dma_mode=n.DMA_ORDERS[dma_order], zero_copy=zero_copy,
                                         host_helpers=host_helpers, timing_only=timing_only,
                                         strict_block_shapes=strict_block_shapes, quiet=timing_only != 0),
                checks=n.ffi_lib.tsr_ffi_checks(check, poison), timing=timing)
            self._ok(n.lib.tsr_sim_create(ctypes.byref(opts), ctypes.byref(self.sim)), "setup")
            self.machine = n.lib.tsr_sim_machine(self.sim)
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _ok(status: int, what: str) -> None:
        if status != 0:
            raise KernelError(f"{what}: {n.last_error()}", n.status_name(status))

    def inputs(self, arrays: Sequence[Any]) -> tuple[ctypes.Array, list[np.ndarray]]:
        """tsr_arrays over the inputs' memory (bools as int32, as tessera keeps them)."""
        kept = []
        items = (n.Array * max(1, len(arrays)))()
        for i, a in enumerate(arrays):
            x = np.asarray(a)
            if x.dtype == np.bool_:
                x = x.astype(np.int32)
            name = {np.dtype(v): k for k, v in _numpy_dtypes().items()}.get(x.dtype)
            if name is None:
                raise TypeError(f"tessera: input {i} has dtype {x.dtype}, which tessera does not run")
            if x.ndim > n.TSR_MAX_RANK:
                raise ValueError(f"tessera: input {i} has rank {x.ndim} (at most {n.TSR_MAX_RANK})")
            x = np.ascontiguousarray(x)
            kept.append(x)
            items[i].dtype = n.DTYPES[name]
            items[i].rank = x.ndim
            for d, s in enumerate(x.shape):
                items[i].shape[d] = s
            items[i].data = x.ctypes.data if x.size else None
        return items, kept

    def execute(self, arrays: Sequence[Any], stats: Any = None) -> tuple[ctypes.Array, int]:
        """One run on `arrays`: the output tsr_arrays (the caller frees them) and their count.
        `stats`: a tsr_hlo_stats to fill."""
        want = n.lib.tsr_hlo_num_inputs(self.p)
        if len(arrays) != want:
            raise ValueError(f"tessera: the module takes {want} inputs, {len(arrays)} given")
        items, _kept = self.inputs(arrays)
        n_out = n.lib.tsr_hlo_num_outputs(self.p)
        outs = (n.Array * max(1, n_out))()
        opts = n.HloRunOpts(machine=self.machine)
        status = n.lib.tsr_hlo_run(self.p, ctypes.byref(opts), items, len(arrays), outs,
                                   ctypes.byref(stats) if stats is not None else None)
        self._ok(status, "run")
        return outs, n_out

    def findings(self) -> None:
        """Raises KernelError with every finding of the checkers, if they found any."""
        status = n.lib.tsr_sim_findings(self.sim)
        if status != 0:
            raise KernelError(n.last_error(), n.status_name(status))

    def timing(self) -> int | None:
        """The timing model (timing=True), borrowed: it lives until close."""
        return n.lib.tsr_sim_timing(self.sim)

    def close(self) -> None:
        if self.sim:  # the machine with its checkers and timing model
            n.lib.tsr_sim_destroy(self.sim)
        if self.p:
            n.lib.tsr_hlo_program_destroy(self.p)
        if self.m:
            n.lib.tsr_mlir_module_destroy(self.m)
        self.m = self.p = self.sim = self.machine = None


def _to_numpy(a: n.Array) -> np.ndarray:
    name = n.DTYPE_NAMES[a.dtype]
    shape = tuple(a.shape[d] for d in range(a.rank))
    if name == "bool":
        dt = np.dtype(np.int32)
    else:
        dt = np.dtype(_numpy_dtypes()[name])
    count = int(np.prod(shape, dtype=np.int64))
    if count == 0:
        out = np.zeros(shape, dt)
    else:
        buf = (ctypes.c_char * (count * dt.itemsize)).from_address(a.data)
        out = np.frombuffer(buf, dt, count).reshape(shape).copy()
    return out.astype(np.bool_) if name == "bool" else out


def run(module: Any, *arrays: Any, chip: str | None = None, check: bool = True,
        dma_order: str = "eager", poison: bool = False, zero_copy: bool = False,
        host_helpers: int = 0) -> list[np.ndarray]:
    """Runs an exported module (a jax.export.Exported, its serialized bytes, or StableHLO text)
    on `arrays` in this process through the C library, as `tessera run` does, and returns its
    outputs as numpy arrays. The race and semaphore checkers are on unless check=False;
    poison=True adds the poison checks. Anything tessera finds raises KernelError."""
    prog = _Program(module, chip, check, dma_order, poison, zero_copy, host_helpers)
    try:
        outs, n_out = prog.execute(arrays)
        try:
            prog.findings()  # every finding, one a line
            for i in range(n_out if poison else 0):
                ref = n.lib.tsr_array_ref(ctypes.byref(outs[i]), 5)  # TSR_HOST
                prog._ok(n.lib.tsr_check_poison(ctypes.byref(ref), f"output {i}".encode()), "poison")
            return [_to_numpy(outs[i]) for i in range(n_out)]
        finally:
            for i in range(n_out):
                n.lib.tsr_array_free(ctypes.byref(outs[i]))
    finally:
        prog.close()


def inspect(module: Any, *arrays: Any, chip: str | None = None, steps: int = 4) -> str:
    """What `tessera inspect` prints for a module: per kernel, the grid and its semantics, each
    operand's memory space, block shape, buffers and index map, the VMEM budget, and the DMA
    plan of the first `steps` grid steps. A bare Mosaic kernel with a grid needs its inputs."""
    steps = _check.integer("steps", steps, 0, _check.C_INT_MAX)
    prog = _Program(module, chip, check=False)
    try:
        items, _kept = prog.inputs(arrays)
        with n.MemStream() as out:
            status = n.lib.tsr_hlo_describe(prog.p, prog.machine, items, len(arrays), steps, out.file)
        prog._ok(status, "inspect")
        return out.text
    finally:
        prog.close()
