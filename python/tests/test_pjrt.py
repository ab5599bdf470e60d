"""tessera as JAX's TPU (docs/pjrt.md): scripts that never import tessera, run in processes of
their own with TESSERA_TPU set, see TPU devices as a TPU reports them and run jnp code, jax.jit
and pallas_call without interpret= on tessera, against numpy; bad use is a clear error; unset,
JAX is untouched. README's script runs as written."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from conftest import REPO


def run(script: str, tpu: str | None, timeout: int = 300, **env) -> subprocess.CompletedProcess:
    e = {k: v for k, v in os.environ.items() if k not in ("TESSERA_TPU", "JAX_PLATFORMS", "TPU_LIBRARY_PATH")}
    if tpu is not None:
        e["TESSERA_TPU"] = tpu
    e.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script)], env=e, capture_output=True, text=True,
                          timeout=timeout, cwd="/")


def run_json(script: str, tpu: str | None, **env):
    p = run(script, tpu, **env)
    assert p.returncode == 0, p.stderr[-4000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


DEVICES = """
import json, jax
from jax._src import test_util as jtu
from jax.experimental.pallas import tpu as pltpu
ds = jax.devices()
d = ds[0]
print(json.dumps({"platform": d.platform, "kinds": [x.device_kind for x in ds],
                  "coords": [list(x.coords) for x in ds], "core_on_chip": [x.core_on_chip for x in ds],
                  "num_cores": d.num_cores, "memories": [m.kind for m in d.addressable_memories()],
                  "limit": d.memory_stats()["bytes_limit"], "at_least_5": jtu.is_device_tpu_at_least(5),
                  "at_least_6": jtu.is_device_tpu_at_least(6), "tpu": jtu.test_device_matches(["tpu"]),
                  "chip": pltpu.get_tpu_info().chip_version.value, "default": jax.default_backend(),
                  "cpu": len(jax.devices("cpu"))}))
"""


def test_devices_v5e():
    got = run_json(DEVICES, "v5e:4")
    assert got["platform"] == "tpu" and got["default"] == "tpu"
    assert got["kinds"] == ["TPU v5 lite"] * 4
    assert got["coords"] == [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]
    assert got["core_on_chip"] == [0, 0, 0, 0] and got["num_cores"] == 1
    assert got["memories"] == ["device", "pinned_host"]
    assert got["limit"] == 16 << 30
    assert got["at_least_5"] and not got["at_least_6"] and got["tpu"]
    assert got["chip"] == "v5e"
    assert got["cpu"] == 1  # the CPU backend is there beside it


def test_devices_v5p_mesh_and_7x():
    got = run_json(DEVICES, "v5p:2x2x2")
    assert got["kinds"] == ["TPU v5"] * 8 and got["num_cores"] == 2 and got["chip"] == "v5p"
    assert got["coords"][7] == [1, 1, 1]
    got = run_json(DEVICES, "7x:4")
    assert got["kinds"] == ["TPU7x"] * 4 and got["num_cores"] == 1 and got["chip"] == "7x"
    assert got["core_on_chip"] == [0, 1, 0, 1] and [c[0] for c in got["coords"]] == [0, 0, 1, 1]
    assert got["at_least_6"]


def test_unset_leaves_jax_alone():
    got = run_json("import json, jax; print(json.dumps([d.platform for d in jax.devices()]))", None)
    assert got == ["cpu"]
    # and JAX_PLATFORMS still decides
    got = run_json("import json, jax; print(json.dumps([d.platform for d in jax.devices()]))", "v5e:4",
                   JAX_PLATFORMS="cpu")
    assert got == ["cpu"]


def test_jax_platforms_tpu():
    got = run_json("import json, jax; print(json.dumps([d.device_kind for d in jax.devices()]))", "v6e:2",
                   JAX_PLATFORMS="tpu")
    assert got == ["TPU v6 lite"] * 2


COMPUTE = """
import json, jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl

def kernel(x_ref, y_ref, o_ref):
    o_ref[...] = jnp.exp(x_ref[...]) * 0.5 + y_ref[...]

@jax.jit
def fused(x, y):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    k = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(x.shape[0] // 8,),
                       in_specs=[spec, spec], out_specs=spec)(x, y)
    return jnp.tanh(k).sum(axis=0), jnp.argmax(y, axis=1)

rng = np.random.default_rng(0)
x = rng.standard_normal((32, 128), dtype=np.float32)
y = rng.standard_normal((32, 128), dtype=np.float32)
s, am = fused(x, y)
want_s = np.tanh(np.exp(x) * 0.5 + y).sum(axis=0)
ints = jnp.arange(12, dtype=jnp.int32).reshape(3, 4)
print(json.dumps({"sum_err": float(np.max(np.abs(np.asarray(s) - want_s))),
                  "argmax": bool((np.asarray(am) == np.argmax(y, axis=1)).all()),
                  "device": str(s.devices().pop().platform),
                  "ints": np.asarray(ints.T @ ints).tolist(),
                  "cumsum": np.asarray(jnp.cumsum(jnp.arange(6))).tolist(),
                  "bool": np.asarray(jnp.arange(5) > 2).tolist()}))
"""


def test_jnp_jit_and_pallas_call():
    got = run_json(COMPUTE, "v5e")
    assert got["device"] == "tpu"
    assert got["sum_err"] < 1e-4
    assert got["argmax"]
    a = [[i * 4 + j for j in range(4)] for i in range(3)]
    ints = [[sum(a[k][i] * a[k][j] for k in range(3)) for j in range(4)] for i in range(4)]
    assert got["ints"] == ints
    assert got["cumsum"] == [0, 1, 3, 6, 10, 15]
    assert got["bool"] == [False, False, False, True, True]


def test_unknown_chip_is_a_clear_error():
    p = run("import jax; jax.devices()", "v9:4")
    assert p.returncode != 0
    assert "TESSERA_TPU='v9:4': unknown chip \"v9\"" in p.stderr


def test_too_many_devices_for_a_mesh():
    p = run("import jax; jax.devices()", "v5e:2x2x2")
    assert p.returncode != 0 and "form a 2D torus" in p.stderr


RANDOM = """
import json, jax, jax.numpy as jnp, numpy as np
jax.config.update("jax_enable_x64", True)  # for the uint64 bits
cpu = jax.devices("cpu")[0]
def both(f, *args):
    return np.asarray(jax.jit(f)(*args)), np.asarray(jax.jit(f, device=cpu)(*args))
bits = both(lambda k: jax.random.bits(k, (300, 70), jnp.uint32), jax.random.key(7))
ints = both(lambda k: jax.random.randint(k, (1000,), -5, 1 << 30), jax.random.key(3))
wide = both(lambda k: jax.random.bits(k, (257,), jnp.uint64), jax.random.key(1))
normal = both(lambda k: jax.random.normal(k, (64, 128)), jax.random.key(0))
print(json.dumps({"bits": bool(np.array_equal(*bits)), "ints": bool(np.array_equal(*ints)),
                  "wide": bool(np.array_equal(*wide)) and wide[0].dtype == np.uint64, "normal": float(np.max(np.abs(normal[0] - normal[1])))}))
"""


def test_random_graph_matches_xla_cpu():
    # jax.random's threefry (32- and 64-bit integer adds, shifts, ors and xors) and the
    # inverse-erf behind normal, through the graph interpreter, against XLA:CPU in the same
    # process: the bits exactly, normal's floats to an f32 rounding or so
    got = run_json(RANDOM, "v6e")
    assert got["bits"] and got["ints"] and got["wide"]
    assert got["normal"] < 2e-6


RANDOM_BYTES = """
import hashlib, json, jax, jax.numpy as jnp, numpy as np
k = jax.random.key(11)
outs = {"normal": jax.random.normal(k, (1024, 96)), "bf16": jax.random.normal(k, (77, 1000), jnp.bfloat16),
        "uniform": jax.random.uniform(k, (3, 5000), minval=-2.0, maxval=3.0),
        "ints": jax.random.randint(k, (20000,), -7, 1 << 20, jnp.int32), "bits": jax.random.bits(k, (9000,), jnp.uint32),
        "gelu": jax.jit(lambda x: jax.nn.gelu(x) * jnp.where(x > 0, x, 0.5 * x))(jnp.linspace(-4, 4, 50000))}
print(json.dumps({n: hashlib.md5(np.asarray(v).tobytes()).hexdigest() for n, v in outs.items()}))
"""


def test_fused_graph_is_bit_for_bit_op_by_op():
    # the interpreter runs chains of elementwise ops tile by tile (src/hlo/fuse.c): jax.random
    # (threefry, the inverse erf) and jnp arithmetic give the bytes of the run op by op
    fused = run_json(RANDOM_BYTES, "v6e")
    assert fused == run_json(RANDOM_BYTES, "v6e", TSR_HLO_FUSE="0")


DATA_MOVEMENT = """
import json, jax, jax.numpy as jnp, numpy as np
from jax import lax
cpu = jax.devices("cpu")[0]
rng = np.random.default_rng(5)
x = rng.standard_normal((37, 3, 130)).astype(np.float32)
t = jnp.asarray(rng.standard_normal((300, 520)), jnp.bfloat16)
rows = rng.integers(-40, 80, (70,)).astype(np.int32)        # out of range: gather clamps, x[i] wraps
pairs = rng.integers(-3, 40, (9, 4, 2)).astype(np.int32)
cases = {
    "take_rows": (lambda t, i: t[i], t, rows),                   # embedding lookup: whole rows
    "take_rows_3d": (lambda x, i: x[i], x, rows),
    "take_cols": (lambda t, i: t[:, i % 520], t, rows),          # one element per index
    "take_along": (lambda x, i: jnp.take_along_axis(x, jnp.abs(i[:37, None, None]) % 130 * jnp.ones((1, 3, 2), np.int32), axis=2), x, rows),
    "gather_windows": (lambda x, p: lax.gather(x, p, lax.GatherDimensionNumbers(offset_dims=(2, 3), collapsed_slice_dims=(0,),
                       start_index_map=(0, 2)), slice_sizes=(1, 3, 17), mode="clip"), x, pairs),
    "gather_partial_rows": (lambda x, p: lax.gather(x, p[..., :1], lax.GatherDimensionNumbers(offset_dims=(2, 3),
                       collapsed_slice_dims=(0,), start_index_map=(0,)), slice_sizes=(1, 2, 130), mode="clip"), x, pairs),
    "transpose": (lambda x, t: (x.transpose(2, 0, 1), t.T, x.transpose(1, 0, 2)), x, t),
    "slices": (lambda x, t: (x[3:30:2, :, 7:100], t[::3, 1::5], lax.dynamic_slice(t, (jnp.int32(290), jnp.int32(-4)), (20, 33))), x, t),
    "update": (lambda t, i: lax.dynamic_update_slice(t, jnp.ones((7, 500), t.dtype) * 3, (i[0], i[1])), t, rows),
    "concat_reduce": (lambda x, t: (jnp.concatenate([x, x[:, :1] * 2], axis=1), x.sum(axis=2), x.max(axis=0),
                      t.astype(jnp.float32).sum(axis=1), jnp.argmax(x, axis=-1)), x, t),
}
out = {}
for name, (f, *args) in cases.items():
    got = jax.tree.leaves(jax.jit(f)(*args))
    want = jax.tree.leaves(jax.jit(f, device=cpu)(*args))
    out[name] = all(a.shape == b.shape and np.asarray(a).tobytes() == np.asarray(b).tobytes() for a, b in zip(got, want))
    if name in ("concat_reduce",):  # sums: XLA:CPU may add in another order
        out[name] = all(np.allclose(np.asarray(a, np.float32), np.asarray(b, np.float32), rtol=1e-5, atol=1e-4) for a, b in zip(got, want))
print(json.dumps(out))
"""


def test_data_movement_matches_xla_cpu():
    # gathers (whole rows, single elements, windows, batching), transposes, strided and dynamic
    # slices, updates, concatenates and reductions through the graph interpreter, against
    # XLA:CPU in the same process: the same bytes (sums to rounding)
    got = run_json(DATA_MOVEMENT, "v6e")
    assert all(got.values()), got


UINT4 = """
import json, jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + jnp.asarray(3, jnp.uint4)
x = (jnp.arange(8 * 128) % 16).astype(jnp.uint4).reshape(8, 128)   # the graph: iota, rem, convert
y = jax.jit(lambda a: pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype))(a) >> 1)(x)
v = np.arange(8 * 128) % 16
w = (v + 3) % 16
print(json.dumps({"x": bool(np.array_equal(np.asarray(x).astype(np.int64).ravel(), v)),
                  "y": bool(np.array_equal(np.asarray(y).astype(np.int64).ravel(), (((w ^ 8) - 8) >> 1) & 15))}))
"""


def test_uint4_in_graph_and_kernel():
    # jnp.uint4 (a byte an element): 0..15 in the graph, wrapping in the kernel; `>>` after
    # it is a stablehlo.shift_right_arithmetic, which fills in the top bit of the 4 even of
    # an unsigned type, as XLA does (8 >> 1 is 12 on XLA:CPU)
    got = run_json(UINT4, "v5e")
    assert got == {"x": True, "y": True}


E8M0 = """
import json, jax, jax.numpy as jnp, numpy as np, ml_dtypes
x = np.array([1, 1.5, 3, 0.75, 0.3, 2.0**-127, 2.0**-128, 2.0**127, 0, -1, np.inf, np.nan], np.float32)
bits = np.array([0, 1, 100, 127, 128, 254, 255], np.uint8)
# the block scales of MX formats, as tpu-inference's DeepSeek V4 kernels and tests make them
@jax.jit
def f(x, bits):
    e = x.astype(jnp.float8_e8m0fnu)
    return (jax.lax.bitcast_convert_type(e, jnp.uint8), e.astype(jnp.bfloat16).astype(jnp.float32),
            jax.lax.bitcast_convert_type(bits, jnp.float8_e8m0fnu).astype(jnp.float32))
enc, back, dec = map(np.asarray, f(x, bits))
with np.errstate(over="ignore"):
    want_enc = x.astype(ml_dtypes.float8_e8m0fnu)
want_dec = bits.view(ml_dtypes.float8_e8m0fnu).astype(np.float32)
print(json.dumps({"enc": enc.tolist() == want_enc.view(np.uint8).tolist(),
                  "back": np.array_equal(back, want_enc.astype(ml_dtypes.bfloat16).astype(np.float32), equal_nan=True),
                  "dec": np.array_equal(dec, want_dec, equal_nan=True)}))
"""


def test_float8_e8m0fnu_in_graph():
    # converts to and from e8m0fnu and its bytes, as ml_dtypes computes them (the graph
    # around tpu-inference's DeepSeek V4 kernels; tessera refused the type before)
    assert run_json(E8M0, "v6e") == {"enc": True, "back": True, "dec": True}


F4E2M1 = """
import json, jax, jax.numpy as jnp, numpy as np, ml_dtypes
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
rng = np.random.default_rng(0)
# every code's neighbourhood (the midpoints and a hair either side), saturation, subnormal
# f32 and random values of every magnitude; NaN is left to its own check
mids = np.array([0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, 6.0], np.float32)
x = np.concatenate([mids, np.nextafter(mids, 0), np.nextafter(mids, np.inf), [0, 6.5, 7, 1e30, np.inf, 1e-40],
                    rng.standard_normal(4000).astype(np.float32) * 3, rng.uniform(-8, 8, 4000).astype(np.float32)])
x = np.concatenate([x, -x]).astype(np.float32)
codes = np.arange(16, dtype=np.uint8)
@jax.jit
def graph(x, c):
    e = x.astype(jnp.float4_e2m1fn)
    return (jax.lax.bitcast_convert_type(e, jnp.uint4).astype(jnp.uint8), x.astype(jnp.bfloat16).astype(jnp.float4_e2m1fn)
            .astype(jnp.float32), jax.lax.bitcast_convert_type(c.astype(jnp.uint4), jnp.float4_e2m1fn).astype(jnp.float32))
enc, via_bf16, dec = map(np.asarray, graph(x, codes))
want = x.astype(ml_dtypes.float4_e2m1fn)
# a kernel on TPU7x: the codes in (extf to f32), f32 values out (truncf), and an f8 by f4 matmul
def kern(w_ref, v_ref, a_ref, dec_ref, enc_ref, mm_ref):
    dec_ref[...] = w_ref[...].astype(jnp.float32)
    enc_ref[...] = v_ref[...].astype(jnp.float4_e2m1fn)
    mm_ref[...] = jax.lax.dot_general(a_ref[...], w_ref[...], (((1,), (0,)), ((), ())), preferred_element_type=jnp.float32)
w = rng.integers(0, 16, (256, 256)).astype(np.uint8).view(ml_dtypes.float4_e2m1fn)
v = (rng.standard_normal((256, 256)) * 3).astype(np.float32)
a = rng.integers(-16, 17, (128, 256)).astype(np.float32).astype(ml_dtypes.float8_e4m3fn)  # sums exact in f32
dk, ek, mk = jax.jit(lambda w, v, a: pl.pallas_call(kern, out_shape=(jax.ShapeDtypeStruct((256, 256), jnp.float32),
    jax.ShapeDtypeStruct((256, 256), jnp.float4_e2m1fn), jax.ShapeDtypeStruct((128, 256), jnp.float32)))(w, v, a))(w, v, a)
wf = w.astype(np.float64)
print(json.dumps({"enc": np.asarray(enc).tolist() == want.view(np.uint8).tolist(),
                  "bf16": np.array_equal(via_bf16, x.astype(ml_dtypes.bfloat16).astype(ml_dtypes.float4_e2m1fn).astype(np.float32)),
                  "dec": dec.tolist() == [0, .5, 1, 1.5, 2, 3, 4, 6, -0.0, -.5, -1, -1.5, -2, -3, -4, -6],
                  "nan": int(np.asarray(jax.jit(lambda z: jax.lax.bitcast_convert_type(z.astype(jnp.float4_e2m1fn), jnp.uint4)
                                                .astype(jnp.uint8))(np.float32(np.nan)))),
                  "k_dec": np.array_equal(np.asarray(dk), w.astype(np.float32)),
                  "k_enc": np.asarray(ek).view(np.uint8).tolist() == v.astype(ml_dtypes.float4_e2m1fn).view(np.uint8).tolist(),
                  "k_mm": np.array_equal(np.asarray(mk).astype(np.float64), a.astype(np.float64) @ wf)}))
"""


def test_float4_e2m1fn_in_graph_and_kernel():
    # converts to and from float4_e2m1fn (rounding to nearest even, saturating at 6; NaN to
    # -0 as XLA converts, which ml_dtypes does not say), in the graph and in a TPU7x kernel,
    # against ml_dtypes; and the kernel's float8_e4m3fn by fp4 matmul against exact sums
    got = run_json(F4E2M1, "7x")
    assert got == {"enc": True, "bf16": True, "dec": True, "nan": 8, "k_dec": True, "k_enc": True, "k_mm": True}


UNSUPPORTED_OP = """
import jax, jax.numpy as jnp, numpy as np
from jax import lax
def f(x):
    return x + lax.rng_uniform(jnp.float32(0), jnp.float32(1), (4,))
jax.jit(f)(np.zeros(4, np.float32))
"""


def test_unsupported_op_names_the_op_and_where():
    # stablehlo.rng (lax.rng_uniform) is an op tessera does not run: the compile fails naming
    # it and the application's line that made it, before anything runs
    p = run(UNSUPPORTED_OP, "v5e")
    assert p.returncode != 0
    line = [ln for ln in p.stderr.splitlines() if ln.startswith("jax.errors.JaxRuntimeError")]
    assert line, p.stderr[-3000:]
    assert "UNIMPLEMENTED: tessera: compile:" in line[-1] and "stablehlo.rng: op not supported" in line[-1]
    assert "<string>:5:" in line[-1] and "(f)" in line[-1], line[-1]


MEMORIES = """
import json, jax, jax.numpy as jnp, numpy as np
from jax.sharding import SingleDeviceSharding
d = jax.devices()[0]
host = SingleDeviceSharding(d, memory_kind="pinned_host")
x = jax.device_put(np.arange(1024, dtype=np.float32).reshape(8, 128), host)
y = jax.jit(lambda v: v * 2, out_shardings=host)(x)          # an output placed on the host
z = jax.jit(lambda v: v + 1, out_shardings=SingleDeviceSharding(d))(y)   # and back
print(json.dumps({"x": x.sharding.memory_kind, "y": y.sharding.memory_kind, "z": z.sharding.memory_kind,
                  "ok": bool(np.array_equal(np.asarray(z), np.arange(1024).reshape(8, 128) * 2 + 1))}))
"""


def test_memory_kinds():
    # JAX's memory kinds: values placed in pinned host memory, by device_put and as outputs
    got = run_json(MEMORIES, "v5e")
    assert got == {"x": "pinned_host", "y": "pinned_host", "z": "device", "ok": True}


NUMERICS = """
import json, jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl
rng = np.random.default_rng(0)
x = rng.standard_normal((128, 256)).astype(np.float32)
y = rng.standard_normal((256, 128)).astype(np.float32)
def mm(a_ref, b_ref, o_ref):
    o_ref[...] = a_ref[...] @ b_ref[...]
kernel = pl.pallas_call(mm, out_shape=jax.ShapeDtypeStruct((128, 128), jnp.float32))(x, y)
graph = jnp.dot(x, y)                                   # default precision, outside the kernel
highest = jnp.dot(x, y, precision="highest")
bf = lambda v: np.asarray(jnp.asarray(v, jnp.bfloat16)).astype(np.float64)
mxu = bf(x) @ bf(y)                                     # one bf16 pass, summed exactly
full = x.astype(np.float64) @ y.astype(np.float64)
err = lambda a, b: float(np.max(np.abs(np.asarray(a, np.float64) - b)))
print(json.dumps({"graph_mxu": err(graph, mxu), "graph_full": err(graph, full), "kernel_graph": err(kernel, graph),
                  "highest_full": err(highest, full)}))
"""


def test_graph_numerics_as_the_mxu():
    # a default-precision f32 dot of the graph rounds as the MXU does (docs/numerics.md), so a
    # kernel's dot and the test's own jnp.dot agree as on a TPU; HIGHEST stays f32
    got = run_json(NUMERICS, "v5e")
    assert got["graph_mxu"] < 1e-4 and got["graph_full"] > 1e-2, got
    assert got["kernel_graph"] < 1e-4 and got["highest_full"] < 1e-4, got


BLOCKED = """
import json, jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl
B = {block}
def mm(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += x_ref[...] @ y_ref[...]
blocked = pl.pallas_call(mm, out_shape=jax.ShapeDtypeStruct((256, 256), jnp.float32), grid=(256 // B, 256 // B, 512 // B),
                         in_specs=[pl.BlockSpec((B, B), lambda i, j, q: (i, q)), pl.BlockSpec((B, B), lambda i, j, q: (q, j))],
                         out_specs=pl.BlockSpec((B, B), lambda i, j, q: (i, j)))
k1, k2 = jax.random.split(jax.random.key(0))
x, y = jax.random.uniform(k1, (256, 512)), jax.random.uniform(k2, (512, 256))
got, want = np.asarray(jax.jit(blocked)(x, y)), np.asarray(jnp.dot(x, y))
exact = np.asarray(x, np.float64) @ np.asarray(y, np.float64)
print(json.dumps({{"differ": int((got != want).sum()), "off": float(np.abs(got - exact).max())}}))
"""


@pytest.mark.parametrize("chip,block", [("v5e", 128), ("v6e", 256)])
def test_blocked_kernel_matmul_is_the_graphs(chip, block):
    # a kernel adding x @ y over blocks as deep as the MXU's pass, and the graph's jnp.dot of
    # the whole arrays, sum the same passes in the same order (docs/numerics.md): the same
    # bits, as JAX's pipeline tests expect of a TPU (they differed by up to 1.5e-4 before)
    got = run_json(BLOCKED.format(block=block), chip)
    assert got["differ"] == 0, got
    assert 1e-3 < got["off"] < 0.5, got  # bf16 operands: off from the f64 product by their rounding


TIMED = """
import jax, jax.numpy as jnp
from jax.experimental import pallas as pl
def add(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]
x = jnp.ones((256, 512), jnp.float32)
w = jnp.ones((512, 128), jnp.float32)
f = jax.jit(lambda a, b: pl.pallas_call(add, out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype))(a, a) @ b)
for _ in range(3):
    f(x, w).block_until_ready()
"""


def test_timing_report(tmp_path):
    # TESSERA_PJRT_TIMING: kernels on the timing model, the graph's ops estimated from the
    # chip's peak rates (docs/pjrt.md, "Timing")
    report = tmp_path / "report.json"
    p = run(TIMED, "v5e", TESSERA_PJRT_TIMING=str(report))
    assert p.returncode == 0, p.stderr[-3000:]
    got = json.loads(report.read_text())
    assert got["chip"] == "v5e" and "estimate" in got["graph_estimated_from"]
    prog = next(q for q in got["programs"] if q["kernels"])
    assert prog["calls"] == 3 and prog["kernels"][0]["name"] == "add" and prog["kernels"][0]["calls"] == 3
    assert prog["kernel_seconds"] > 0 and prog["kernels"][0]["seconds"] == pytest.approx(prog["kernel_seconds"])
    dot = next(o for o in prog["ops"] if o["op"] == "stablehlo.dot_general")
    # 2 flops per product, 3 runs; f32 operands and result read and written once each
    assert dot["unit"] == "mxu" and dot["runs"] == 3 and dot["work"] == 3 * 2 * 256 * 128 * 512
    assert dot["bytes"] == 3 * 4 * (256 * 512 + 512 * 128 + 256 * 128)
    assert dot["seconds_estimate"] > 0 and dot["bound"] in ("mxu", "hbm")


RACE = """
import jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
def k(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    o_ref[...] = buf[...] * 2.0  # reads the buffer while the DMA that fills it is in flight
    copy.wait()
f = jax.jit(lambda x: pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA(())])(x))
try:
    f(np.ones((8, 128), np.float32)).block_until_ready()
except jax.errors.JaxRuntimeError as e:
    print("JaxRuntimeError:", str(e).replace(chr(10), " "))
print(float(jnp.ones(3).sum()))  # and the next call works
"""


def test_kernel_findings_are_jax_runtime_errors():
    p = run(RACE, "v5e")
    assert p.returncode == 0, p.stderr[-3000:]
    out = p.stdout
    assert "JaxRuntimeError:" in out and "race on core 0" in out and "[TSR_ERR_RACE]" in out, out
    assert out.strip().endswith("3.0")


RACE_KERNEL_ERROR = RACE.split("try:")[0] + """
import tessera, tessera.jax
try:
    with tessera.jax.kernel_errors():
        y = f(np.ones((8, 128), np.float32))
except tessera.KernelError as e:
    print(e.status, len(e.findings), "race on core 0" in e.findings[0])
f(np.ones((8, 128), np.float32))  # its result dropped before the run failed: said on stderr
float(jnp.ones(3).sum())  # a call queued after it: the one before has run
"""


def test_kernel_errors_as_tessera_kernel_error():
    # where the application imports tessera, tessera.jax.kernel_errors() turns them into
    # tessera.KernelError, as it does for the FFI path
    p = run(RACE_KERNEL_ERROR, "v5e")
    assert p.returncode == 0, p.stderr[-3000:]
    assert "TSR_ERR_RACE 1 True" in p.stdout, p.stdout
    dropped = [ln for ln in p.stderr.splitlines() if "failed after its results were dropped" in ln]
    assert len(dropped) == 1 and "race on core 0" in dropped[0] and dropped[0].endswith("[TSR_ERR_RACE]"), p.stderr


ASYNC = """
import json, time
import jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
out = {}
# a call that takes a while returns before it has run: its result is not ready yet
a = jnp.asarray(np.linspace(-1, 1, 512 * 512, dtype=np.float32).reshape(512, 512))
slow = jax.jit(lambda a: jnp.tanh(jnp.tanh(a @ a) @ a) @ a)
slow(a).block_until_ready()
y = slow(a)
out["ready_at_return"] = y.is_ready()
y.block_until_ready()
out["ready_after_block"] = y.is_ready()
# calls queued on one another's results, then their input deleted before they run
step = jax.jit(lambda x: x * 2 + 1)
x = jnp.arange(8, dtype=jnp.int32)
z = x
for _ in range(10):
    z = step(z)
x.delete()
out["chain"] = np.asarray(z).tolist()
# an output of no elements is ready and reads back, like any other
out["empty"] = list(np.asarray(jax.jit(lambda e: e * 2)(jnp.zeros((0, 3)))).shape)
# a donated argument is given up at the call; the result is still right
donor = jax.jit(lambda v: v * 3, donate_argnums=0)
v = jnp.arange(4.0)
w = donor(v)
out["donated_deleted"] = v.is_deleted()
out["donated_result"] = np.asarray(w).tolist()
# a kernel's findings fail the call's results where JAX waits for them: the same message
# from block_until_ready, from reading the value, and from a call queued on the result
def k(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    o_ref[...] = buf[...] * 2.0
    copy.wait()
race = jax.jit(lambda x: pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32), pltpu.SemaphoreType.DMA(())])(x))
r = race(np.ones((8, 128), np.float32))
msgs = []
for how in (lambda: r.block_until_ready(), lambda: np.asarray(r), lambda: np.asarray(step(r.astype(jnp.int32)))):
    try:
        how()
        msgs.append(None)
    except jax.errors.JaxRuntimeError as e:
        msgs.append(str(e))
out["errors"] = msgs
out["after"] = float(jnp.ones(3).sum())
print(json.dumps(out))
"""


def test_async_dispatch():
    # Execute returns once the run is queued on the client's worker thread (docs/pjrt.md)
    got = run_json(ASYNC, "v5e")
    assert got["ready_at_return"] is False and got["ready_after_block"] is True
    want = np.arange(8)
    for _ in range(10):
        want = want * 2 + 1
    assert got["chain"] == want.tolist()
    assert got["donated_deleted"] is True and got["donated_result"] == [0.0, 3.0, 6.0, 9.0]
    assert got["empty"] == [0, 3]
    errs = got["errors"]
    assert all(e is not None for e in errs), errs
    for e in errs:
        assert e.startswith("FAILED_PRECONDITION: tessera: ") and "race on core 0" in e and "[TSR_ERR_RACE]" in e, e
    assert errs[0] == errs[1] == errs[2]
    assert got["after"] == 3.0


def test_sync_mode_fails_at_the_call():
    # TESSERA_PJRT_SYNC=1 runs each program inside Execute: its failure is raised by the call itself
    script = RACE.split("try:")[0] + """
try:
    r = f(np.ones((8, 128), np.float32))
    print("returned")
except jax.errors.JaxRuntimeError as e:
    print("raised at the call:", "[TSR_ERR_RACE]" in str(e))
"""
    p = run(script, "v5e", TESSERA_PJRT_SYNC="1")
    assert p.returncode == 0, p.stderr[-3000:]
    assert "raised at the call: True" in p.stdout, p.stdout


TRANSFER = """
import json
import jax, jax.numpy as jnp, ml_dtypes, numpy as np
from jax.experimental import transfer
d = jax.devices()[0]
server = transfer.start_transfer_server(d.client, "127.0.0.1:0", ["127.0.0.1:0"])
conn = server.connect(server.address())
f = jax.jit(lambda x: x * 2 - 1)
srcs = [np.arange(24, dtype=np.float32).reshape(4, 6) - 7.5, np.array([True, False, True, True]),
        np.linspace(-3, 3, 10).astype(ml_dtypes.bfloat16), np.arange(-5, 5, dtype=np.int8)]
xs = [jax.device_put(s, d) for s in srcs]
xs[0] = f(xs[0])  # a result of a call, perhaps not made yet, is sent when it is
server.await_pull(7, xs)
specs = [jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=x.sharding) for x in xs]
ys = conn.pull(7, specs)
z = f(ys[0])  # a program on an array received by the transfer
print(json.dumps({"same": [bool(np.array_equal(np.asarray(y), np.asarray(x))) for x, y in zip(xs, ys)],
                  "dtypes": [str(y.dtype) for y in ys], "device": ys[0].devices() == {d},
                  "z": bool(np.array_equal(np.asarray(z), (srcs[0] * 2 - 1) * 2 - 1))}))
"""


def test_transfer_server_pull():
    # jax.experimental.transfer receives into the buffers of an asynchronous host-to-device
    # transfer manager (PJRT_Client_CreateBuffersForAsyncHostToDevice) and sends by raw copies
    got = run_json(TRANSFER, "v5e")
    assert got["same"] == [True] * 4, got
    assert got["dtypes"] == ["float32", "bool", "bfloat16", "int8"] and got["device"] and got["z"], got


def readme_script() -> str:
    text = open(os.path.join(REPO, "README.md")).read()
    m = re.search(r"<!-- file: app.py -->\s*```python\n(.*?)```", text, re.S)
    assert m, "README.md has no script marked <!-- file: app.py -->"
    return m.group(1)


def test_readme_script():
    script = readme_script()
    assert "tessera" not in script  # the application never mentions tessera
    p = run(script, "v5e:4")
    assert p.returncode == 0, p.stderr[-3000:]
    assert "TPU v5 lite" in p.stdout and p.stdout.count("all close: True") == 2, p.stdout


SHARDED = """
import json, sys
sys.path.insert(0, %r)
import jax, jax.numpy as jnp, ml_dtypes, numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
from multichip_kernels import permute_add_kernel, ring_allgather_kernel
N = len(jax.devices()); R, C = 8, 128
mesh = jax.make_mesh((N,), ("x",))
ANY, VM, DMA = pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pltpu.VMEM), pltpu.SemaphoreType.DMA
def sharded(f):
    return jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))
x_np = np.arange(N * R * C, dtype=np.float32).reshape(N * R, C) * 0.5 - 7.0
x = jax.device_put(x_np, NamedSharding(mesh, P("x")))
# remote copies between the chips: a ring all-gather and a right permute
gather = sharded(lambda a: pl.pallas_call(ring_allgather_kernel(N, R), out_shape=jax.ShapeDtypeStruct((N * R, C), jnp.float32),
                 in_specs=[ANY], out_specs=ANY, scratch_shapes=[DMA, DMA, DMA])(a))
permute = sharded(lambda a: pl.pallas_call(permute_add_kernel(N), out_shape=jax.ShapeDtypeStruct((R, C), jnp.float32),
                  in_specs=[VM], out_specs=VM, scratch_shapes=[pltpu.VMEM((R, C), jnp.float32), DMA, DMA])(a))
psum = jax.jit(jax.shard_map(lambda a: jax.lax.psum(a * 2, "x"), mesh=mesh, in_specs=P("x"), out_specs=P()))
# an auto-sharded jit over a 2-D mesh, one output's sharding left to the compiler
mesh2 = jax.make_mesh((2, N // 2), ("a", "b"), axis_types=(AxisType.Auto, AxisType.Auto))
auto = jax.jit(lambda m: (jnp.tanh(m) @ m.T, m.sum(axis=0)), out_shardings=(NamedSharding(mesh2, P("a", "b")), None))
m_np = np.linspace(-2, 2, 8 * 8 * N, dtype=np.float32).reshape(8 * N // 2, 16)
bf16 = lambda a: a.astype(ml_dtypes.bfloat16).astype(np.float64)
mm, ms = auto(jax.device_put(m_np, NamedSharding(mesh2, P("a", "b"))))
print(json.dumps({
    "gather": bool(np.array_equal(np.asarray(gather(x)), np.tile(x_np, (N, 1)))),
    "permute": bool(np.array_equal(np.asarray(permute(x)), np.roll(x_np.reshape(N, R, C), 1, axis=0).reshape(N * R, C) + 1)),
    "psum": bool(np.array_equal(np.asarray(psum(x)), (x_np.reshape(N, R, C) * 2).sum(axis=0))),
    "psum_shards": [s.device.id for s in psum(x).addressable_shards],
    # a default-precision f32 dot is one MXU pass on bf16 operands (docs/numerics.md)
    "auto_mm": float(np.max(np.abs(np.asarray(mm) - bf16(np.tanh(m_np)) @ bf16(m_np).T))),
    "auto_sum": bool(np.allclose(np.asarray(ms), m_np.sum(axis=0), rtol=1e-5)),
    "mm_spec": str(mm.sharding.spec), "mm_shards": len(mm.addressable_shards),
}))
""" % os.path.join(REPO, "tools", "jax")


@pytest.mark.parametrize("tpu", ["v5e:4", "v5p:2x2x2"])
def test_shard_map_and_auto_sharded_jit(tpu):
    got = run_json(SHARDED, tpu)
    assert got["gather"] and got["permute"] and got["psum"], got
    assert sorted(got["psum_shards"]) == list(range(len(got["psum_shards"])))
    assert got["auto_mm"] < 1e-4 and got["auto_sum"], got
    assert got["mm_spec"] == "P('a', 'b')" and got["mm_shards"] in (4, 8)



OLD_PYTHON = os.environ.get("TSR_PJRT_OLD_PYTHON")
# the jax version that Python has (another release than the oldest may be checked the same way)
OLD_VERSION = os.environ.get("TSR_PJRT_OLD_VERSION", "0.10.0")


@pytest.mark.skipif(not OLD_PYTHON, reason="TSR_PJRT_OLD_PYTHON (a venv of python/requirements-jax0.10.0.txt) is not set")
@pytest.mark.parametrize("script", ["DEVICES", "COMPUTE", "SHARDED", "README", "TRANSFER"])
def test_oldest_jax(script):
    # the oldest jaxlib the plugin supports loads the same library (API 0.104 against its 0.112)
    # the library of the installed package, as JAX's own import of the plugin module finds it
    library = subprocess.run([sys.executable, "-c", "from jax_plugins.tessera import library_path; "
                              "print(library_path())"], capture_output=True, text=True, cwd="/").stdout.strip()
    assert os.path.isfile(library), library
    code = {"DEVICES": DEVICES, "COMPUTE": COMPUTE, "SHARDED": SHARDED, "README": readme_script(), "TRANSFER": TRANSFER}[script]
    e = {k: v for k, v in os.environ.items() if k not in ("TESSERA_TPU", "JAX_PLATFORMS", "TPU_LIBRARY_PATH")}
    e.update(TESSERA_TPU="v5e:4", TPU_LIBRARY_PATH=library, JAX_PLATFORMS="tpu,cpu")
    p = subprocess.run([OLD_PYTHON, "-c", f"import jax; assert jax.__version__ == {OLD_VERSION!r}, jax.__version__\n" +
                        textwrap.dedent(code)], env=e, capture_output=True, text=True, timeout=600, cwd="/")
    assert p.returncode == 0, p.stderr[-3000:]
    if script == "README":
        assert "TPU v5 lite" in p.stdout and p.stdout.count("all close: True") == 2, p.stdout
        return
    got = json.loads(p.stdout.strip().splitlines()[-1])
    if script == "DEVICES":
        assert got["kinds"] == ["TPU v5 lite"] * 4 and got["chip"] == "v5e" and got["at_least_5"]
    elif script == "TRANSFER":
        assert got["same"] == [True] * 4 and got["z"], got
    elif script == "COMPUTE":
        assert got["sum_err"] < 1e-4 and got["argmax"] and got["device"] == "tpu"
    else:
        assert got["gather"] and got["permute"] and got["psum"] and got["auto_sum"] and got["auto_mm"] < 1e-4, got


REGULAR_SEM = """
import json
import jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import NamedSharding, PartitionSpec as P
N = len(jax.devices()); R, C = 8, 128
mesh = jax.make_mesh((N,), ("x",))
REG = pltpu.SemaphoreType.REGULAR
def kernel(x_hbm, o_ref):
    # two local DMAs on one regular semaphore (a finished DMA adds 1 there: wait for 2), then a
    # right shift around the ring with regular send and receive semaphores
    def body(a, b, sem, ready, send, recv):
        me = jax.lax.axis_index("x")
        pltpu.async_copy(x_hbm, a, sem)
        pltpu.async_copy(x_hbm, b, sem)
        pl.semaphore_wait(sem, 2)
        a[...] = a[...] * 2 + b[...]
        pl.semaphore_signal(ready, device_id={"x": (me + N - 1) % N})  # to the left: "write into me"
        pl.semaphore_wait(ready)
        pltpu.async_remote_copy(a, o_ref, send, recv, device_id={"x": (me + 1) % N})
        pl.semaphore_wait(send, 1)
        pl.semaphore_wait(recv, 1)
        o_ref[...] = o_ref[...] + 1
    pl.run_scoped(body, pltpu.VMEM((R, C), jnp.float32), pltpu.VMEM((R, C), jnp.float32), REG, REG, REG, REG)
f = jax.jit(jax.shard_map(
    lambda a: pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((R, C), jnp.float32),
                             in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                             out_specs=pl.BlockSpec(memory_space=pltpu.VMEM))(a),
    mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))
x_np = np.arange(N * R * C, dtype=np.float32).reshape(N * R, C) * 0.25 - 9.0
want = np.roll(x_np.reshape(N, R, C) * 3, 1, axis=0).reshape(N * R, C) + 1
try:
    got = np.asarray(f(jax.device_put(x_np, NamedSharding(mesh, P("x")))))
    print(json.dumps({"ok": bool(np.array_equal(got, want))}))
except jax.errors.JaxRuntimeError as e:
    print(json.dumps({"error": str(e).replace(chr(10), " ")[:2000]}))
"""


def test_regular_semaphore_dmas():
    # On TPU v6 and later a DMA may signal a regular semaphore, by 1 (JAX's
    # test_dma_with_regular_semaphore, test_remote_dma_regular_semaphore): local and remote
    # copies on v6e:4 against numpy, under the plugin's checkers (which fail the call on a
    # finding); the DMA orders: tests/cli/multichip.sh, tests/test_pipeline_rules.c
    assert run_json(REGULAR_SEM, "v6e:4") == {"ok": True}
    # before v6 the chip refuses it, naming why
    got = run_json(REGULAR_SEM, "v5e:4")
    assert "a DMA signals a regular semaphore only on TPU v6 and later (this chip, v5e" in got.get("error", ""), got
