"""ctypes bindings of the two native libraries the package ships: libtessera.so (`lib`: the
public C API, include/tessera/) and libtessera_jax.so (`ffi_lib`: the XLA FFI handler and what
it runs on, src/ffi/ffi.h). Only what the package calls is declared; the structs mirror the C ones, and
the library's own sizes of them are checked when this module loads."""
from __future__ import annotations

import ctypes
import os
from ctypes import (POINTER, Structure, c_bool, c_char, c_char_p, c_double, c_int, c_int64,
                    c_size_t, c_uint, c_uint64, c_void_p)

_HERE = os.path.dirname(os.path.abspath(__file__))
# RTLD_GLOBAL: libtessera_jax.so needs libtessera.so's symbols; its rpath would find the file
# too, but one copy in the process keeps one thread-local error message.
lib = ctypes.CDLL(os.path.join(_HERE, "libtessera.so"), mode=ctypes.RTLD_GLOBAL)
ffi_lib = ctypes.CDLL(os.path.join(_HERE, "libtessera_jax.so"))

lib.tsr_isa.restype = ctypes.c_char_p
lib.tsr_blas_library.argtypes = [ctypes.c_char_p]


def _blas_library() -> str | None:
    """The CBLAS for kernels' matmuls: the OpenBLAS of the scipy-openblas32 wheel, which the
    package depends on (pyproject.toml), unless TSR_BLAS_LIBRARY names another. Without it (a
    build from source installed with --no-deps) the library opens the system's
    (src/core/blas.c). The path, or None."""
    try:
        import scipy_openblas32
        path = os.path.join(scipy_openblas32.get_lib_dir(), scipy_openblas32.get_library(fullname=True))
    except (ImportError, OSError, IndexError):
        return None
    lib.tsr_blas_library(path.encode())
    return path


blas_library = _blas_library()

TSR_MAX_RANK = 8

# tsr_dtype's names, by enum value, from the library itself (TSR_DTYPE_LIST in
# include/tessera/core.h): a copy kept here fell behind when the list grew
lib.tsr_dtype_name.restype = ctypes.c_char_p
lib.tsr_dtype_name.argtypes = [ctypes.c_int]


def _dtype_names() -> tuple[str, ...]:
    names: list[str] = []
    while len(names) < 256:
        name = lib.tsr_dtype_name(len(names)).decode()
        if name == "?":  # past the last dtype
            break
        names.append(name)
    return tuple(names)


DTYPE_NAMES = _dtype_names()
DTYPES = {name: i for i, name in enumerate(DTYPE_NAMES)}
DMA_ORDERS = {"eager": 0, "on-wait": 1, "random": 2}  # tsr_dma_mode


class Chip(Structure):
    _fields_ = [("name", c_char * 32), ("generation", c_int), ("tensor_cores", c_int),
                ("megacore", c_bool), ("vmem_bytes", c_int64), ("smem_bytes", c_int64),
                ("hbm_bytes_per_s", c_double), ("hbm_efficiency", c_double), ("bf16_flops", c_double),
                ("int8_ops", c_double), ("f32_flops", c_double), ("mxu_count", c_int), ("mxu_dim", c_int),
                ("mxu_fill_cycles", c_double), ("vpu_sublanes", c_int), ("vpu_lanes", c_int), ("vpu_ops_per_s", c_double),
                ("transcendental_per_s", c_double), ("clock_hz", c_double),
                ("dma_issue_s", c_double), ("dma_latency_s", c_double),
                ("step_overhead_s", c_double), ("dma_engines", c_int),
                ("vmem_bytes_per_s", c_double), ("ici_torus_dims", c_int),
                ("ici_link_bytes_per_s", c_double), ("ici_latency_s", c_double),
                ("sparse_cores", c_int), ("sc_subcores", c_int), ("sc_lanes", c_int), ("sc_tilespmem_bytes", c_int64)]


class Array(Structure):
    _fields_ = [("dtype", c_int), ("rank", c_int), ("shape", c_int64 * TSR_MAX_RANK),
                ("data", c_void_p), ("map_base", c_void_p), ("map_bytes", c_size_t)]


class Ref(Structure):
    _fields_ = [("data", c_void_p), ("buf", c_void_p), ("dtype", c_int), ("space", c_int),
                ("rank", c_int), ("shape", c_int64 * TSR_MAX_RANK),
                ("stride", c_int64 * TSR_MAX_RANK)]


TSR_MAX_MESH_RANK = 4


class MachineOptions(Structure):
    _fields_ = [("chip", POINTER(Chip)), ("num_cores", c_int), ("dma_mode", c_int),
                ("seed", c_uint64), ("strict_block_shapes", c_bool), ("quiet", c_bool),
                ("zero_copy", c_bool), ("host_helpers", c_int), ("max_kernel_ops", c_int64),
                ("num_devices", c_int), ("mesh_rank", c_int), ("mesh_shape", c_int64 * TSR_MAX_MESH_RANK),
                ("timing_only", c_int), ("unchunked", c_bool), ("out_of_bounds_reads", c_int)]


# tsr_oob_reads, by the names of JAX's InterpretParams(out_of_bounds_reads=...)
OOB_READS = {"raise": 0, "uninitialized": 1}


class TimingOptions(Structure):
    _fields_ = [("num_cores", c_int), ("trace", c_bool), ("trace_limit", c_int64), ("report_steps", c_int)]


class SimOptions(Structure):
    """tsr_sim_options (include/tessera/sim.h): a machine with its checkers and timing model."""
    _fields_ = [("chip", c_char_p), ("machine", MachineOptions), ("checks", c_uint), ("timing", c_bool),
                ("timing_options", TimingOptions), ("shared_timing", c_void_p),
                ("attach_checker", c_void_p), ("attach_timing", c_void_p)]


class HloRunOpts(Structure):
    _fields_ = [("machine", c_void_p), ("trace", c_void_p), ("max_bytes", c_int64), ("max_ops", c_int64),
                ("tpu_numerics", c_bool), ("profile", c_void_p), ("mxu_depth", c_int)]


class DmaCounts(Structure):
    _fields_ = [("in_", c_int64), ("out", c_int64), ("skip_in", c_int64), ("skip_out", c_int64),
                ("bytes_in", c_int64), ("bytes_out", c_int64)]


class CallStats(Structure):
    _fields_ = [("steps", c_int64), ("dma", DmaCounts), ("vmem_bytes", c_int64), ("smem_bytes", c_int64),
                ("cores", c_int), ("parts", c_int), ("timing_only", c_bool)]


class HloStats(Structure):
    _fields_ = [("ops", c_int64), ("kernel_calls", c_int64), ("input_bytes", c_int64),
                ("output_bytes", c_int64), ("peak_bytes", c_int64), ("peak_intermediate_bytes", c_int64),
                ("kernel_seconds", c_double), ("seconds", c_double), ("kernel", CallStats),
                ("timing_only_calls", c_int64)]


class TimingSummary(Structure):
    _fields_ = [("seconds", c_double), ("kernels", c_int), ("steps", c_int64), ("dmas", c_int64),
                ("dmas_skipped", c_int64), ("dmas_queued", c_int64), ("bytes_in", c_int64),
                ("bytes_out", c_int64), ("bytes_local", c_int64), ("bytes_moved", c_int64),
                ("flops", c_double), ("compute_seconds", c_double), ("stall_seconds", c_double),
                ("step_overhead_seconds", c_double), ("dma_issue_seconds", c_double),
                ("dma_active_seconds", c_double), ("hbm_fraction", c_double),
                ("mxu_fraction", c_double), ("overlap", c_double), ("verdict", c_char_p),
                ("devices", c_int), ("ici_copies", c_int64), ("ici_bytes", c_int64),
                ("ici_signals", c_int64), ("ici_stall_seconds", c_double)]


class TimingDevice(Structure):
    _fields_ = [("seconds", c_double), ("compute_seconds", c_double), ("stall_seconds", c_double),
                ("ici_stall_seconds", c_double), ("copies_sent", c_int64), ("bytes_sent", c_int64),
                ("bytes_received", c_int64), ("signals_sent", c_int64), ("busiest_link_seconds", c_double),
                ("busiest_link_bytes", c_int64)]


class TimingKernel(Structure):
    _fields_ = [("name", c_char_p), ("cores", c_int), ("begin_seconds", c_double),
                ("seconds", c_double), ("steps", c_int64), ("dmas", c_int64),
                ("dmas_skipped", c_int64), ("bytes_in", c_int64), ("bytes_out", c_int64),
                ("bytes_local", c_int64), ("bytes_moved", c_int64), ("flops", c_double),
                ("compute_seconds", c_double), ("stall_seconds", c_double),
                ("step_overhead_seconds", c_double), ("dma_issue_seconds", c_double),
                ("verdict", c_char_p)]


def _declare(library, name, restype, *argtypes):
    f = getattr(library, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_P = c_void_p  # opaque handles
_PP = POINTER(c_void_p)
for _name, _res, *_args in [
    ("tsr_last_error", c_char_p),
    ("tsr_status_name", c_char_p, c_int),
    ("tsr_chip_load", c_int, c_char_p, POINTER(Chip)),
    ("tsr_sim_create", c_int, POINTER(SimOptions), _PP),
    ("tsr_sim_destroy", None, _P),
    ("tsr_sim_machine", c_void_p, _P),
    ("tsr_sim_timing", c_void_p, _P),
    ("tsr_sim_findings", c_int, _P),
    ("tsr_check_poison", c_int, POINTER(Ref), c_char_p),
    ("tsr_array_ref", Ref, POINTER(Array), c_int),
    ("tsr_mlir_parse_text", c_int, c_char_p, c_size_t, c_char_p, _PP),
    ("tsr_mlir_module_destroy", None, _P),
    ("tsr_hlo_compile", c_int, _P, _PP),
    ("tsr_hlo_program_destroy", None, _P),
    ("tsr_hlo_num_inputs", c_int, _P),
    ("tsr_hlo_num_outputs", c_int, _P),
    ("tsr_hlo_run", c_int, _P, POINTER(HloRunOpts), POINTER(Array), c_int, POINTER(Array), c_void_p),
    ("tsr_hlo_describe", c_int, _P, _P, POINTER(Array), c_int, c_int, c_void_p),
    ("tsr_array_free", None, POINTER(Array)),
    ("tsr_timing_summarize", None, _P, POINTER(TimingSummary)),
    ("tsr_timing_kernel_at", c_int, _P, c_int, POINTER(TimingKernel)),
    ("tsr_timing_device_at", c_int, _P, c_int, POINTER(TimingDevice)),
    ("tsr_timing_write_trace", c_int, _P, c_char_p),
    ("tsr_timing_report", c_int, _P, c_void_p),
]:
    _declare(lib, _name, _res, *_args)
for _name, _res, *_args in [
    ("tsr_ffi_check", c_int, c_char_p, c_size_t, c_char_p, POINTER(c_int64), c_int, c_int, POINTER(c_int),
     POINTER(c_int)),
    ("tsr_ffi_compilations", c_int64),
    ("tsr_ffi_release", None),
    ("tsr_ffi_struct_size", c_size_t, c_char_p),
    ("tsr_ffi_checks", c_uint, c_bool, c_bool),
    ("tsr_ffi_session_open", c_int, c_char_p, c_bool, c_int, _PP),
    ("tsr_ffi_session_calls", None, _P, POINTER(c_int64), POINTER(c_int64)),
    ("tsr_ffi_session_close", None, _P),
    ("tsr_ffi_session_timing", c_void_p, _P),
    ("tsr_ffi_session_destroy", None, _P),
]:
    _declare(ffi_lib, _name, _res, *_args)

for _struct, _cname in ((Chip, "tsr_chip"), (Array, "tsr_array"), (Ref, "tsr_ref"),
                        (MachineOptions, "tsr_machine_options"), (TimingOptions, "tsr_timing_options"),
                        (SimOptions, "tsr_sim_options"), (HloRunOpts, "tsr_hlo_run_opts"),
                        (HloStats, "tsr_hlo_stats"),
                        (TimingSummary, "tsr_timing_summary"), (TimingKernel, "tsr_timing_kernel"),
                        (TimingDevice, "tsr_timing_device")):
    if ctypes.sizeof(_struct) != ffi_lib.tsr_ffi_struct_size(_cname.encode()):
        raise ImportError(f"tessera: the native library's {_cname} is "
                          f"{ffi_lib.tsr_ffi_struct_size(_cname.encode())} bytes, these bindings "
                          f"expect {ctypes.sizeof(_struct)}: reinstall the package")

# open_memstream gives a FILE* the plan printers write into
_libc = ctypes.CDLL(None)
_declare(_libc, "open_memstream", c_void_p, POINTER(c_void_p), POINTER(c_size_t))
_declare(_libc, "fclose", c_int, c_void_p)
_declare(_libc, "free", None, c_void_p)


def last_error() -> str:
    return (lib.tsr_last_error() or b"").decode(errors="replace")


def status_name(s: int) -> str:
    return (lib.tsr_status_name(s) or b"?").decode()


def load_chip(name: str) -> Chip:
    """A built-in chip by name or a chip JSON file; ValueError with tessera's message."""
    chip = Chip()
    if lib.tsr_chip_load(name.encode(), ctypes.byref(chip)) != 0:
        raise ValueError(f"tessera: chip {name!r}: {last_error()}")
    return chip


class MemStream:
    """A FILE* whose text is read back when the stream closes."""

    def __enter__(self):
        self._buf, self._size = c_void_p(), c_size_t()
        self.file = _libc.open_memstream(ctypes.byref(self._buf), ctypes.byref(self._size))
        if not self.file:
            raise MemoryError("open_memstream failed")
        return self

    def __exit__(self, *exc):
        _libc.fclose(self.file)
        self.text = ctypes.string_at(self._buf, self._size.value).decode(errors="replace")
        _libc.free(self._buf)
        return False
