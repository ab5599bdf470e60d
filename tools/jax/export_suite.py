#!/usr/bin/env python3
"""Exports tessera's JAX conformance suite (tools/jax/suite_kernels.py) on this CPU machine.

For every kernel it writes, under OUT/<kernel>/:
  in_<i>.npy            the inputs (fixed seed per kernel)
  expected_<i>.npy      the outputs of the plain jax.numpy reference, run by XLA:CPU
  v_fwd/ and v_new/     one export per Mosaic IR version:
    module.mlir         StableHLO text (Exported.mlir_module()) around stablehlo.custom_call
                        @tpu_custom_call
    body.mlirbc         the Mosaic body: the base64-decoded "body" of backend_config (bytecode)
    body.mosaic.mlir    the same body as text (jaxlib MLIR bindings + mosaic-serde{serialize=false})
    body.mosaic.generic.mlir  the same text in MLIR's generic op form
v_fwd is the version jax.export uses by default (forward compatible; always the case when
exporting for TPU from a machine without a TPU). v_new is the newest version this jaxlib
writes: what a TPU host produces with jax_export_ignore_forward_compatibility (get_ir_version
returns None there; here get_ir_version is patched to return None, since on CPU the missing TPU
backend forces the forward-compatible version).

Before writing, the same pallas_call is run with TPU interpret mode
(interpret=pltpu.InterpretParams(); interpret=True for the kernels that ask for it, whose ops
TPU interpret mode cannot run) and compared with the reference within the kernel's
tolerances; a disagreement is an error. OUT/manifest.json describes everything.

Usage (from anywhere): tools/jax/.venv/bin/python tools/jax/export_suite.py [--out DIR] [KERNEL...]
Exit status: 0 all kernels exported and checked, 1 some kernel failed, 2 bad usage.
"""
import argparse
import base64
import io
import json
import os
import re
import sys
import traceback
import types
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# Source locations in the exported modules name this path, whatever the checkout location.
FIXED_KERNELS_NAME = "tools/jax/suite_kernels.py"


def load_suite():
    from jax._src import source_info_util, traceback_util
    # Frames of this driver (and of bench/jax/compare.py) would put absolute paths of the
    # checkout into the location info: keep them out of it.
    for p in (os.path.abspath(__file__), os.path.join(REPO, "bench", "jax")):
        source_info_util.register_exclusion(p)
        traceback_util.register_exclusion(p)
    mod = types.ModuleType("suite_kernels")
    mod.__file__ = FIXED_KERNELS_NAME
    sys.modules["suite_kernels"] = mod
    with open(os.path.join(HERE, "suite_kernels.py")) as f:
        code = compile(f.read(), FIXED_KERNELS_NAME, "exec")
    exec(code, mod.__dict__)
    return mod


def abstract_tpu_mesh():
    # Lowering rules that consult tpu_info need a TPU device kind; on CPU give them one.
    import jax
    from jax.sharding import AbstractMesh, AbstractDevice
    try:
        device = AbstractDevice("TPU v6e", 1, "tpu")
    except TypeError:  # jax 0.10.0: no platform (the device kind says TPU)
        device = AbstractDevice("TPU v6e", 1)
    return jax.sharding.use_abstract_mesh(AbstractMesh((), (), abstract_device=device))


def backend_configs(module_text):
    """The decoded backend_config JSON of every tpu_custom_call in a StableHLO text."""
    out = []
    for m in re.finditer(r'stablehlo\.custom_call @tpu_custom_call\(.*?backend_config = '
                         r'"((?:[^"\\]|\\.)*)"', module_text):
        s = re.sub(r'\\([0-9A-Fa-f]{2})', lambda mm: chr(int(mm.group(1), 16)), m.group(1))
        s = s.replace('\\\\', '\\')
        out.append(json.loads(s))
    return out


def body_to_text(body):
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib import tpu
    from jax._src.lib.mlir import ir, passmanager
    ctx = jmlir.make_ir_context()
    tpu.register_dialect(ctx)
    ctx.allow_unregistered_dialects = True
    with ctx:
        m = ir.Module.parse(body)
        version = int(str(m.operation.attributes["stable_mosaic.version"]).split(":")[0])
        passmanager.PassManager.parse(
            "builtin.module(mosaic-serde{serialize=false})").run(m.operation)
        generic = m.operation.get_asm(print_generic_op_form=True)
        return str(m), generic, version


def export_one(k, args, version):
    import jax
    import jax._src.tpu_custom_call as tcc
    jax.clear_caches()
    saved = tcc.get_ir_version
    if version == "new":
        tcc.get_ir_version = lambda ctx: None
    try:
        with abstract_tpu_mesh():
            exp = jax.export.export(jax.jit(k.build(False)), platforms=["tpu"])(*args)
    finally:
        tcc.get_ir_version = saved
        jax.clear_caches()
    return exp.mlir_module()


def seed_of(name):
    return zlib.crc32(name.encode())


def save_npy(path, a):
    import numpy as np
    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(a), allow_pickle=False)
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def run_kernel(k, outdir):
    import numpy as np
    import jax
    from jax.experimental.pallas import tpu as pltpu

    rng = np.random.default_rng(seed_of(k.name))
    inputs = [np.asarray(a) for a in k.make_inputs(rng)]
    ref = jax.jit(k.ref)(*inputs)
    ref = [np.asarray(r) for r in (ref if isinstance(ref, (tuple, list)) else (ref,))]
    with abstract_tpu_mesh():     # emit_pipeline consults tpu_info, in interpret mode too
        interp = jax.jit(k.build(pltpu.InterpretParams() if k.interpret == "tpu" else True))(*inputs)
    interp = [np.asarray(r) for r in (interp if isinstance(interp, (tuple, list)) else (interp,))]
    pltpu.reset_tpu_interpret_mode_state()
    if len(ref) != len(interp):
        raise AssertionError(f"reference has {len(ref)} outputs, interpret mode {len(interp)}")
    rtol = k.check_rtol if k.check_rtol is not None else k.rtol
    atol = k.check_atol if k.check_atol is not None else k.atol
    worst = 0.0
    for i, (r, p) in enumerate(zip(ref, interp)):
        if r.shape != p.shape or r.dtype != p.dtype:
            raise AssertionError(f"output {i}: reference {r.dtype}{r.shape}, "
                                 f"interpret {p.dtype}{p.shape}")
        rf, pf = r.astype(np.float64), p.astype(np.float64)
        err = np.abs(rf - pf)
        worst = max(worst, float(err.max()) if err.size else 0.0)
        if not np.all(err <= atol + rtol * np.abs(rf)):
            j = np.unravel_index(np.argmax(err - rtol * np.abs(rf)), err.shape)
            raise AssertionError(f"output {i}: interpret mode disagrees with the reference at "
                                 f"{tuple(int(x) for x in j)}: {pf[j]} vs {rf[j]} "
                                 f"(rtol {rtol}, atol {atol})")

    modules = {}
    for v in ("fwd", "new"):
        modules[v] = export_one(k, inputs, v)

    kdir = os.path.join(outdir, k.name)
    os.makedirs(kdir, exist_ok=True)
    entry = {"kernel": k.name, "covers": k.covers, "rtol": k.rtol, "atol": k.atol,
             "inputs": [], "outputs": [], "interpret_vs_reference_max_abs_err": worst,
             "exports": {}}
    for i, a in enumerate(inputs):
        save_npy(os.path.join(kdir, f"in_{i}.npy"), a)
        entry["inputs"].append({"file": f"in_{i}.npy", "dtype": str(a.dtype),
                                "shape": list(a.shape)})
    for i, a in enumerate(ref):
        save_npy(os.path.join(kdir, f"expected_{i}.npy"), a)
        entry["outputs"].append({"file": f"expected_{i}.npy", "dtype": str(a.dtype),
                                 "shape": list(a.shape)})
    for v, text in modules.items():
        vdir = os.path.join(kdir, f"v_{v}")
        os.makedirs(vdir, exist_ok=True)
        with open(os.path.join(vdir, "module.mlir"), "w") as f:
            f.write(text)
        cfgs = backend_configs(text)
        if len(cfgs) != 1:
            raise AssertionError(f"expected one tpu_custom_call, found {len(cfgs)}")
        body = base64.b64decode(cfgs[0]["custom_call_config"]["body"])
        with open(os.path.join(vdir, "body.mlirbc"), "wb") as f:
            f.write(body)
        btext, bgeneric, ver = body_to_text(body)
        with open(os.path.join(vdir, "body.mosaic.mlir"), "w") as f:
            f.write(btext)
        with open(os.path.join(vdir, "body.mosaic.generic.mlir"), "w") as f:
            f.write(bgeneric)
        entry["exports"][f"v_{v}"] = {
            "dir": f"v_{v}", "mosaic_version": ver,
            "backend_config_keys": sorted(cfgs[0]["custom_call_config"].keys()
                                          - {"body"}) + sorted(cfgs[0].keys()
                                                               - {"custom_call_config"})}
    return entry


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "tests", "jax_suite"))
    ap.add_argument("kernels", nargs="*")
    a = ap.parse_args()
    import jax
    import jaxlib
    import numpy as np
    jax.config.update("jax_platforms", "cpu")
    suite = load_suite()
    names = [k.name for k in suite.KERNELS]
    bad = [n for n in a.kernels if n not in names]
    if bad:
        print(f"unknown kernel(s): {' '.join(bad)}; known: {' '.join(names)}", file=sys.stderr)
        return 2
    todo = [k for k in suite.KERNELS if not a.kernels or k.name in a.kernels]
    os.makedirs(a.out, exist_ok=True)
    mpath = os.path.join(a.out, "manifest.json")
    old = {}
    if a.kernels and os.path.exists(mpath):
        with open(mpath) as f:
            old = {e["kernel"]: e for e in json.load(f)["kernels"]}
    entries, failed = dict(old), []
    for k in todo:
        try:
            entries[k.name] = run_kernel(k, a.out)
            e = entries[k.name]
            print(f"ok    {k.name:24s} versions "
                  f"{[x['mosaic_version'] for x in e['exports'].values()]} "
                  f"interpret-vs-ref {e['interpret_vs_reference_max_abs_err']:.3g}", flush=True)
        except Exception as ex:  # noqa: BLE001 - report every kernel, then fail
            failed.append(k.name)
            print(f"FAIL  {k.name}: {type(ex).__name__}: {str(ex)[:2000]}", flush=True)
            if os.environ.get("TSR_EXPORT_TRACEBACK"):
                traceback.print_exc()
    manifest = {
        "generator": "tools/jax/export_suite.py",
        "jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__,
        "ir_versions": {"v_fwd": "forward-compatible default of jax.export",
                        "v_new": "newest version this jaxlib writes"},
        "kernels": [entries[n] for n in names if n in entries],
    }
    with open(mpath, "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=False)
        f.write("\n")
    if failed:
        print(f"{len(failed)} kernel(s) failed: {' '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
