#!/usr/bin/env python3
"""Writes the self-checking Mosaic kernels of tests/ops/ (tests/test_op_registry.c runs them):
each op on hand-computed cases, its result checked with cf.assert. The kernels are built here
as text, then printed by the pinned jaxlib (the venv of tools/jax/setup.sh), so that the pretty
forms in the committed files are jaxlib's own; legacy.mlir (ops that jaxlib no longer has) is
written as built. The StableHLO graphs of tests/ops/ are written by hand.

Usage: tools/jax/.venv/bin/python tools/jax/op_kernels.py [OUT]   (default: tests/ops)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "tests", "ops")
n = [0]
def fresh(p="v"):
    n[0] += 1
    return f"%{p}{n[0]}"

HEAD = '''module {
  func.func @main(%s) attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = %d : i64} {
'''
TAIL = '''    return
  }
}
'''

class K:
    def __init__(s): s.lines = []
    def l(s, t): s.lines.append("    " + t)
    def const(s, v, t):
        r = fresh("c")
        if t == "i1" and v in ("true", "false"): s.l(f"{r} = arith.constant {v}")
        else: s.l(f"{r} = arith.constant {v} : {t}")
        return r
    def assert_i(s, got, want, t, msg):
        w = s.const(want, t); ok = fresh("ok")
        s.l(f"{ok} = arith.cmpi eq, {got}, {w} : {t}")
        s.l(f'cf.assert {ok}, "{msg}"')
    def assert_f(s, got, want, t, msg, tol=None):
        w = s.const(want, t); ok = fresh("ok")
        if tol is None:
            s.l(f"{ok} = arith.cmpf oeq, {got}, {w} : {t}")
        else:
            d = fresh(); s.l(f"{d} = arith.subf {got}, {w} : {t}")
            a = fresh(); s.l(f"{a} = math.absf {a.replace('%','%') if False else d} : {t}")
            tl = s.const(tol, t)
            s.l(f"{ok} = arith.cmpf ole, {a}, {tl} : {t}")
        s.l(f'cf.assert {ok}, "{msg}"')
    def assert_true(s, cond, msg): s.l(f'cf.assert {cond}, "{msg}"')
    def assert_vec(s, got, want, vt, n, msg, kind="i"):
        """every lane of got equals the dense constant want (vector type vt, n lanes)"""
        w = s.const(f"dense<{want}>", vt); eq = fresh("eq")
        elt = vt.split('x')[-1].rstrip('>')
        mask_t = vt.replace(elt + ">", "i1>")
        if kind == "i": s.l(f"{eq} = arith.cmpi eq, {got}, {w} : {vt}")
        else: s.l(f"{eq} = arith.cmpf oeq, {got}, {w} : {vt}")
        ei = fresh(); it = vt.replace(elt + ">", "i32>")
        s.l(f"{ei} = arith.extui {eq} : {mask_t} to {it}")
        one = s.const(1, "i32")
        dims = ", ".join(str(i) for i in range(vt.count('x')))
        allv = fresh()
        s.l(f"{allv} = vector.multi_reduction <minsi>, {ei}, {one} [{dims}] : {it} to i32")
        ok = fresh("ok"); s.l(f"{ok} = arith.cmpi eq, {allv}, {one} : i32")
        s.l(f'cf.assert {ok}, "{msg}"')
    def bin(s, op, a, b, t, flags=""):
        r = fresh(); s.l(f"{r} = {op} {a}, {b}{flags} : {t}"); return r
    def un(s, op, a, t):
        r = fresh(); s.l(f"{r} = {op} {a} : {t}"); return r
    def cast(s, op, a, t1, t2):
        r = fresh(); s.l(f"{r} = {op} {a} : {t1} to {t2}"); return r
    def write(s, path, comment, args="", scratch=0):
        emit(path, comment, HEAD % (args, scratch) + "\n".join(s.lines) + "\n" + TAIL)


def jaxlib_print(text):
    """The module as the pinned jaxlib prints it (parsed and verified by jaxlib first)."""
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib import tpu
    from jax._src.lib.mlir import ir
    ctx = jmlir.make_ir_context()
    tpu.register_dialect(ctx)
    with ctx:
        return str(ir.Module.parse(text))


def emit(path, comment, text):
    if os.path.basename(path) != "legacy.mlir":
        text = jaxlib_print(text)
    with open(path, "w") as f:
        f.write("".join("// " + c + "\n" for c in comment) + text)

# ---------------------------------------------------------------- arith (integers, casts)
k = K()
i32 = "i32"
def ib(op, a, b, want, msg=None, t="i32"):
    r = k.bin("arith." + op, k.const(a, t), k.const(b, t), t)
    k.assert_i(r, want, t, msg or f"arith.{op} {a}, {b} = {want}")
ib("divsi", 7, -2, -3)
ib("divsi", -7, 2, -3)
ib("divui", -16, 16, 268435455, "arith.divui 0xfffffff0 / 16")
ib("remsi", -7, 2, -1)
ib("remui", -1, 10, 5, "arith.remui 0xffffffff % 10")
ib("floordivsi", -7, 2, -4)
ib("floordivsi", 7, 2, 3)
ib("ceildivsi", 7, 2, 4)
ib("ceildivsi", -7, 2, -3)
ib("ceildivui", 7, 2, 4)
ib("ceildivui", -15, 16, 268435456, "arith.ceildivui 0xfffffff1 / 16")
ib("shli", 3, 4, 48)
ib("shrsi", -16, 2, -4)
ib("shrui", -16, 28, 15, "arith.shrui 0xfffffff0 >> 28")
ib("maxsi", -3, 2, 2)
ib("minsi", -3, 2, -3)
ib("maxui", -3, 2, -3, "arith.maxui 0xfffffffd, 2")
ib("minui", -3, 2, 2, "arith.minui 0xfffffffd, 2")
ib("andi", 12, 10, 8)
ib("ori", 12, 10, 14)
ib("xori", 12, 10, 6)
ib("addi", 2147483647, 1, -2147483648, "arith.addi wraps")
ib("subi", -2147483648, 1, 2147483647, "arith.subi wraps")
ib("muli", 65536, 65536, 0, "arith.muli wraps")
# the double-width product's halves (threefry's and philox's multiply-high)
def mulx(op, a, b, want_lo, want_hi, t="i32"):
    lo, hi = fresh(), fresh()
    k.l(f"{lo}, {hi} = arith.{op} {k.const(a, t)}, {k.const(b, t)} : {t}")
    k.assert_i(lo, want_lo, t, f"arith.{op} {a} * {b}: low half")
    k.assert_i(hi, want_hi, t, f"arith.{op} {a} * {b}: high half")
mulx("mului_extended", -1, -1, 1, -2)
mulx("mulsi_extended", -1, -1, 1, 0)
mulx("mului_extended", -2147483648, 2, 0, 1)
mulx("mulsi_extended", -2147483648, -2147483648, 0, 1073741824)
mulx("mului_extended", -838190389, 123456789, -1961598553, 99363405)
mulx("mulsi_extended", -838190389, 123456789, -1961598553, -24093384)
mulx("mului_extended", -1, -1, 1, -2, "i8")
mulx("mulsi_extended", -128, 3, -128, -2, "i8")
# casts
e = k.cast("arith.extsi", k.const(-5, "i8"), "i8", "i32"); k.assert_i(e, -5, "i32", "arith.extsi i8 -5")
e = k.cast("arith.extui", k.const(-5, "i8"), "i8", "i32"); k.assert_i(e, 251, "i32", "arith.extui i8 0xfb")
e = k.cast("arith.trunci", k.const(300, "i32"), "i32", "i8"); k.assert_i(e, 44, "i8", "arith.trunci 300 to i8")
e = k.cast("arith.index_castui", k.const(-1, "i32"), "i32", "index"); k.assert_i(e, 4294967295, "index", "arith.index_castui 0xffffffff")
e = k.cast("arith.index_cast", k.const(-1, "i32"), "i32", "index"); k.assert_i(e, -1, "index", "arith.index_cast -1")
e = k.cast("arith.bitcast", k.const("1.000000e+00", "f32"), "f32", "i32"); k.assert_i(e, 1065353216, "i32", "arith.bitcast 1.0 to i32")
e = k.cast("arith.fptosi", k.const("-2.700000e+00", "f32"), "f32", "i32"); k.assert_i(e, -2, "i32", "arith.fptosi -2.7")
e = k.cast("arith.fptoui", k.const("3.900000e+00", "f32"), "f32", "i32"); k.assert_i(e, 3, "i32", "arith.fptoui 3.9")
e = k.cast("arith.uitofp", k.const(-1, "i32"), "i32", "f32"); k.assert_f(e, "4.294967296e+09", "f32", "arith.uitofp 0xffffffff")
e = k.cast("arith.sitofp", k.const(-3, "i32"), "i32", "f32"); k.assert_f(e, "-3.000000e+00", "f32", "arith.sitofp -3")
e = k.cast("arith.extf", k.const("1.500000e+00", "bf16"), "bf16", "f32"); k.assert_f(e, "1.500000e+00", "f32", "arith.extf bf16 1.5")
e = k.cast("arith.truncf", k.const("1.00390625", "f32"), "f32", "bf16"); k.assert_f(e, "1.000000e+00", "bf16", "arith.truncf 1+2^-8 to bf16 (ties to even)")
# a vector of them, and select
v = k.bin("arith.divsi", k.const("dense<[7, -7, 9, -9]>", "vector<4xi32>"), k.const("dense<2>", "vector<4xi32>"), "vector<4xi32>")
k.assert_vec(v, "[3, -3, 4, -4]", "vector<4xi32>", 4, "arith.divsi on a vector truncates toward zero")
c = k.const("true", "i1")
r = fresh(); k.l(f"{r} = arith.select {c}, {k.const(5, 'i32')}, {k.const(6, 'i32')} : i32"); k.assert_i(r, 5, "i32", "arith.select true")
k.write(os.path.join(OUT, "arith_int.mlir"), [
    "arith's integer ops and casts on hand-computed cases (signed and unsigned division and",
    "remainders rounding each way, shifts, min/max both ways, wrap-around, every cast); each",
    "result is checked with cf.assert, so running the kernel checks it (tests/test_op_registry.c)."])

# ---------------------------------------------------------------- arith floats, math
k = K()
f32 = "f32"
def fb(op, a, b, want, msg, tol=None, t="f32"):
    r = k.bin(op, k.const(a, t), k.const(b, t), t, " fastmath<none>" if False else "")
    k.assert_f(r, want, t, msg, tol)
fb("arith.addf", "1.500000e+00", "2.250000e+00", "3.750000e+00", "arith.addf")
fb("arith.subf", "1.500000e+00", "2.250000e+00", "-7.500000e-01", "arith.subf")
fb("arith.mulf", "1.500000e+00", "-2.000000e+00", "-3.000000e+00", "arith.mulf")
fb("arith.divf", "1.000000e+00", "4.000000e+00", "2.500000e-01", "arith.divf")
fb("arith.remf", "7.500000e+00", "2.000000e+00", "1.500000e+00", "arith.remf 7.5, 2")
fb("arith.remf", "-7.500000e+00", "2.000000e+00", "-1.500000e+00", "arith.remf takes the dividend's sign")
fb("arith.maximumf", "-1.000000e+00", "2.000000e+00", "2.000000e+00", "arith.maximumf")
fb("arith.minimumf", "-1.000000e+00", "2.000000e+00", "-1.000000e+00", "arith.minimumf")
fb("arith.maxnumf", "0x7FC00000", "2.000000e+00", "2.000000e+00", "arith.maxnumf ignores NaN")
fb("arith.minnumf", "0x7FC00000", "2.000000e+00", "2.000000e+00", "arith.minnumf ignores NaN")
r = k.bin("arith.minimumf", k.const("0x7FC00000", f32), k.const("1.000000e+00", f32), f32)
u = fresh("ok"); k.l(f"{u} = arith.cmpf uno, {r}, {r} : f32"); k.assert_true(u, "arith.minimumf propagates NaN")
r = k.un("arith.negf", k.const("1.500000e+00", f32), f32); k.assert_f(r, "-1.500000e+00", f32, "arith.negf")
# cmpf predicates on ordered and NaN operands
one, two, nan = k.const("1.000000e+00", f32), k.const("2.000000e+00", f32), k.const("0x7FC00000", f32)
for pred, a, b, want in [("olt", one, two, "true"), ("ogt", one, two, "false"), ("oeq", nan, nan, "false"),
                         ("une", nan, nan, "true"), ("ord", one, nan, "false"), ("uno", one, nan, "true"),
                         ("ule", two, one, "false"), ("oge", two, two, "true")]:
    r = fresh(); k.l(f"{r} = arith.cmpf {pred}, {a}, {b} : f32"); k.assert_i(r, want, "i1", f"arith.cmpf {pred}")
# math
def m1(op, x, want, tol=None, msg=None):
    r = k.un("math." + op, k.const(x, f32), f32); k.assert_f(r, want, f32, msg or f"math.{op}({x})", tol)
m1("exp", "0.000000e+00", "1.000000e+00")
m1("exp2", "3.000000e+00", "8.000000e+00")
m1("expm1", "0.000000e+00", "0.000000e+00")
m1("log", "1.000000e+00", "0.000000e+00")
m1("log", "2.000000e+00", "0.693147182", "1.0e-06")
m1("log2", "8.000000e+00", "3.000000e+00")
m1("log1p", "0.000000e+00", "0.000000e+00")
m1("sqrt", "1.600000e+01", "4.000000e+00")
m1("rsqrt", "4.000000e+00", "5.000000e-01")
m1("sin", "0.000000e+00", "0.000000e+00")
m1("sin", "1.57079637", "1.000000e+00", "1.0e-06", "math.sin(pi/2)")
m1("cos", "0.000000e+00", "1.000000e+00")
m1("tan", "0.785398185", "1.000000e+00", "1.0e-06", "math.tan(pi/4)")
m1("tanh", "0.000000e+00", "0.000000e+00")
m1("erf", "0.000000e+00", "0.000000e+00")
m1("erf", "1.000000e+00", "0.842700779", "1.0e-06")
m1("absf", "-3.000000e+00", "3.000000e+00")
m1("ceil", "1.200000e+00", "2.000000e+00")
m1("floor", "-1.200000e+00", "-2.000000e+00")
m1("round", "2.500000e+00", "3.000000e+00", None, "math.round rounds half away from zero")
m1("round", "-2.500000e+00", "-3.000000e+00", None, "math.round(-2.5)")
m1("roundeven", "2.500000e+00", "2.000000e+00", None, "math.roundeven rounds half to even")
m1("roundeven", "3.500000e+00", "4.000000e+00", None, "math.roundeven(3.5)")
r = k.bin("math.atan2", k.const("1.000000e+00", f32), k.const("1.000000e+00", f32), f32); k.assert_f(r, "0.785398185", f32, "math.atan2(1, 1)", "1.0e-06")
r = k.bin("math.atan2", k.const("1.000000e+00", f32), k.const("-1.000000e+00", f32), f32); k.assert_f(r, "2.35619449", f32, "math.atan2(1, -1)", "1.0e-06")
r = k.bin("math.powf", k.const("2.000000e+00", f32), k.const("1.000000e+01", f32), f32); k.assert_f(r, "1.024000e+03", f32, "math.powf(2, 10)")
def mi(op, x, want):
    r = k.un("math." + op, k.const(x, i32), i32); k.assert_i(r, want, i32, f"math.{op}({x}) = {want}")
mi("absi", -5, 5); mi("ctlz", 1, 31); mi("ctlz", 0, 32); mi("ctpop", 240, 4); mi("ctpop", -1, 32); mi("cttz", 8, 3); mi("cttz", 0, 32)
k.write(os.path.join(OUT, "arith_float_math.mlir"), [
    "arith's float ops (NaN in min/max both ways, remainders, every cmpf predicate class) and",
    "math's ops on hand-computed values: exact where the value is exact in f32, within 1e-6",
    "otherwise; checked with cf.assert (tests/test_op_registry.c runs it)."])

# ---------------------------------------------------------------- vector, scf, memref
k = K()
vi = "vector<4xi32>"
v = k.const("dense<[10, 20, 30, 40]>", vi)
e = fresh(); k.l(f"{e} = vector.extract {v}[2] : i32 from {vi}"); k.assert_i(e, 30, "i32", "vector.extract [2]")
s = fresh(); k.l(f'{s} = "vector.extract_strided_slice"({v}) {{offsets = [1], sizes = [2], strides = [1]}} : ({vi}) -> vector<2xi32>')
k.assert_vec(s, "[20, 30]", "vector<2xi32>", 2, "vector.extract_strided_slice [1:3]")
mt = k.const("dense<[[1, 2, 3], [4, 5, 6]]>", "vector<2x3xi32>")
t = fresh(); k.l(f'{t} = "vector.transpose"({mt}) {{permutation = array<i64: 1, 0>}} : (vector<2x3xi32>) -> vector<3x2xi32>')
k.assert_vec(t, "[[1, 4], [2, 5], [3, 6]]", "vector<3x2xi32>", 6, "vector.transpose [1, 0]")
c2 = k.const(2, "index")
cm = fresh(); k.l(f"{cm} = vector.create_mask {c2} : vector<4xi1>")
cmi = k.cast("arith.extui", cm, "vector<4xi1>", vi); k.assert_vec(cmi, "[1, 1, 0, 0]", vi, 4, "vector.create_mask 2")
km = fresh(); k.l(f'{km} = "vector.constant_mask"() {{mask_dim_sizes = array<i64: 3>}} : () -> vector<4xi1>')
kmi = k.cast("arith.extui", km, "vector<4xi1>", vi); k.assert_vec(kmi, "[1, 1, 1, 0]", vi, 4, "vector.constant_mask [3]")
# scf.while: i = 0; while (i < 5) i += 2  -> 6
c0, c5, c2i = k.const(0, "i32"), k.const(5, "i32"), k.const(2, "i32")
w = fresh(); a = fresh("a"); cond = fresh("cond"); b = fresh("b"); nx = fresh()
k.l(f"{w} = scf.while ({a} = {c0}) : (i32) -> i32 {{")
k.l(f"  {cond} = arith.cmpi slt, {a}, {c5} : i32")
k.l(f"  scf.condition({cond}) {a} : i32")
k.l(f"}} do {{")
k.l(f"^bb0({b}: i32):")
k.l(f"  {nx} = arith.addi {b}, {c2i} : i32")
k.l(f"  scf.yield {nx} : i32")
k.l("}")
k.assert_i(w, 6, "i32", "scf.while: 0, 2, 4, 6")
# memref in SMEM
m = fresh("m"); k.l(f"{m} = memref.alloca() : memref<4xi32, #tpu.memory_space<smem>>")
c1, c9 = k.const(1, "index"), k.const(9, "i32")
k.l(f"memref.store {c9}, {m}[{c1}] : memref<4xi32, #tpu.memory_space<smem>>")
ld = fresh(); k.l(f"{ld} = memref.load {m}[{c1}] : memref<4xi32, #tpu.memory_space<smem>>")
k.assert_i(ld, 9, "i32", "memref.store then memref.load")
k.write(os.path.join(OUT, "vector_scf_memref.mlir"), [
    "vector's shape ops (extract, extract_strided_slice, splat, transpose, the masks), scf.while",
    "with scf.condition, and memref.alloca/store/load in SMEM, each checked with cf.assert",
    "(tests/test_op_registry.c runs it)."])

# ops the pinned jaxlib no longer has (older ones printed them, so tessera still reads them):
# vector.splat (folded into vector.broadcast upstream), tpu.rotate (now tpu.dynamic_rotate)
k = K()
x = k.const(7, "i32")
sp = fresh(); k.l(f"{sp} = vector.splat {x} : vector<4xi32>"); k.assert_vec(sp, "7", "vector<4xi32>", 4, "vector.splat 7")
V8 = "vector<8x128xf32>"
lane = fresh(); k.l(f"{lane} = tpu.iota {{dimensions = array<i32: 1>}} : vector<8x128xi32>")
lanef = k.cast("arith.sitofp", lane, "vector<8x128xi32>", V8)
ro = fresh(); k.l(f'{ro} = "tpu.rotate"({lanef}) <{{amount = 1 : si32, dimension = 1 : si32}}> : ({V8}) -> {V8}')
first = fresh(); k.l(f"{first} = vector.extract {ro}[0, 0] : f32 from {V8}")
k.assert_f(first, "1.270000e+02", "f32", "tpu.rotate by 1 along lanes: lane 0 takes lane 127")
V = "#tpu.memory_space<vmem>"
S = "#tpu.memory_space<semaphore_mem>"
M = f"memref<8x128xi32, {V}>"
c0 = k.const(0, "index")
io = fresh(); k.l(f"{io} = tpu.iota {{dimensions = array<i32: 0>}} : vector<8x128xi32>")
k.l(f"vector.store {io}, %a[{c0}, {c0}] : {M}, vector<8x128xi32>")
k.l(f'"tpu.enqueue_dma"(%a, %b, %dsem) <{{operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 0>}}> : ({M}, {M}, memref<!tpu.dma_semaphore, {S}>) -> ()')
k.l(f'"tpu.wait_dma"(%dsem, %b) : (memref<!tpu.dma_semaphore, {S}>, {M}) -> ()')
got = fresh(); k.l(f"{got} = memref.load %b[{k.const(5, 'index')}, {c0}] : {M}")
k.assert_i(got, 5, "i32", "tpu.wait_dma (the form before wait_dma2): the copy arrived")
cr = fresh(); k.l(f"{cr} = tpu.core_id : i32"); k.assert_i(cr, 0, "i32", "tpu.core_id of a one-core chip")
LEGACY_ARGS = f"%a: {M}, %b: {M}, %dsem: memref<!tpu.dma_semaphore, {S}>"
k.write(os.path.join(OUT, "legacy.mlir"), [
    "Ops that the jaxlib tessera pins no longer has, which older jaxlibs printed and tessera still",
    "reads: vector.splat (folded into vector.broadcast upstream), tpu.rotate (now",
    "tpu.dynamic_rotate) and tpu.wait_dma (now tpu.wait_dma2); and tpu.core_id, which jaxlib",
    "now allows on SparseCore kernels only. Checked with cf.assert (tests/test_op_registry.c)."],
    LEGACY_ARGS, 3)

# ---------------------------------------------------------------- tpu: memory and vector ops
k = K()
V = "#tpu.memory_space<vmem>"
M = f"memref<16x128xf32, {V}>"
args = f"%s: {M}, %s2: {M}"
c0, c1, c2, c8 = k.const(0, "index"), k.const(1, "index"), k.const(2, "index"), k.const(8, "index")
row = fresh(); k.l(f"{row} = tpu.iota {{dimensions = array<i32: 0>}} : vector<16x128xi32>")
rowf = k.cast("arith.sitofp", row, "vector<16x128xi32>", "vector<16x128xf32>")
k.l(f"tpu.vector_store %s[{c0}, {c0}], {rowf} {{strides = array<i32>}} : {M}, vector<16x128xf32>,")
back = fresh(); k.l(f"{back} = tpu.vector_load %s[{c0}, {c0}] {{strides = array<i32>}} : {M}, vector<16x128xf32>,")
def same_f(a, b, t, msg):
    eq = fresh("eq"); k.l(f"{eq} = arith.cmpf oeq, {a}, {b} : {t}")
    it = t.replace("f32>", "i32>"); mt = t.replace("f32>", "i1>")
    ei = k.cast("arith.extui", eq, mt, it); one = k.const(1, "i32")
    dims = ", ".join(str(i) for i in range(t.count('x')))
    al = fresh(); k.l(f"{al} = vector.multi_reduction <minsi>, {ei}, {one} [{dims}] : {it} to i32")
    ok = fresh("ok"); k.l(f"{ok} = arith.cmpi eq, {al}, {one} : i32"); k.l(f'cf.assert {ok}, "{msg}"')
same_f(back, rowf, "vector<16x128xf32>", "tpu.vector_load of what tpu.vector_store wrote")
even = fresh(); k.l(f"{even} = tpu.iota {{dimensions = array<i32: 0>}} : vector<8x128xi32>")
two = k.const("dense<2>", "vector<8x128xi32>")
even2 = k.bin("arith.muli", even, two, "vector<8x128xi32>")
evenf = k.cast("arith.sitofp", even2, "vector<8x128xi32>", "vector<8x128xf32>")
sl = fresh(); k.l(f"{sl} = tpu.strided_load %s[{c0}, {c0}] {{strides = array<i32: 2, 1>}} : {M}, vector<8x128xf32>")
same_f(sl, evenf, "vector<8x128xf32>", "tpu.strided_load takes rows 0, 2, ..., 14")
tl = fresh(); k.l(f'{tl} = "tpu.load"(%s, {c0}, {c0}) <{{sublane_mask = array<i1: true, true, true, true, true, true, true, true>, sublane_stride = 2 : i32}}> : ({M}, index, index) -> vector<8x128xf32>')
same_f(tl, evenf, "vector<8x128xf32>", "tpu.load with sublane_stride 2 takes rows 0, 2, ..., 14")
k.l(f"tpu.strided_store %s2[{c0}, {c0}], {sl} {{strides = array<i32: 2, 1>}} : {M}, vector<8x128xf32>")
r2 = fresh(); k.l(f"{r2} = vector.load %s2[{c2}, {c0}] : {M}, vector<1x128xf32>")
same_f(r2, k.const("dense<2.000000e+00>", "vector<1x128xf32>"), "vector<1x128xf32>", "tpu.strided_store put row 1 of its value in row 2")
sevens = k.const("dense<7.000000e+00>", "vector<8x128xf32>")
k.l(f'"tpu.store"({sevens}, %s2, {c0}, {c0}) <{{operandSegmentSizes = array<i32: 1, 1, 2, 0>, sublane_mask = array<i1: false, false, true, false, false, false, false, false>}}> : (vector<8x128xf32>, {M}, index, index) -> ()')
r2b = fresh(); k.l(f"{r2b} = vector.load %s2[{c2}, {c0}] : {M}, vector<1x128xf32>")
same_f(r2b, k.const("dense<7.000000e+00>", "vector<1x128xf32>"), "vector<1x128xf32>", "tpu.store with a sublane mask writes row 2")
r4 = fresh(); k.l(f"{r4} = vector.load %s2[{k.const(4, 'index')}, {c0}] : {M}, vector<1x128xf32>")
same_f(r4, k.const("dense<4.000000e+00>", "vector<1x128xf32>"), "vector<1x128xf32>", "tpu.store with a sublane mask leaves row 4 as it was")
rs = fresh(); k.l(f"{rs} = tpu.memref_reshape %s : {M} -> memref<2x8x128xf32, {V}>")
r8 = fresh(); k.l(f"{r8} = vector.load {rs}[{c1}, {c0}, {c0}] : memref<2x8x128xf32, {V}>, vector<1x1x128xf32>")
same_f(r8, k.const("dense<8.000000e+00>", "vector<1x1x128xf32>"), "vector<1x1x128xf32>", "tpu.memref_reshape: [1, 0] is row 8")
bc = fresh(); k.l(f"{bc} = tpu.memref_bitcast %s : {M} -> memref<16x128xi32, {V}>")
b1 = fresh(); k.l(f"{b1} = memref.load {bc}[{c1}, {c0}] : memref<16x128xi32, {V}>")
k.assert_i(b1, 1065353216, "i32", "tpu.memref_bitcast: the bits of 1.0")
er = fresh(); k.l(f"{er} = tpu.erase_memref_layout %s : {M} -> {M}")
e3 = fresh(); k.l(f"{e3} = memref.load {er}[{k.const(3, 'index')}, {c0}] : {M}")
k.assert_f(e3, "3.000000e+00", "f32", "tpu.erase_memref_layout keeps the data")
V8 = "vector<8x128xf32>"
four = k.const("dense<4.000000e+00>", V8)
al = fresh(); k.l(f"{al} = tpu.assume_layout {four} : {V8} -> {V8}")
rc = fresh(); k.l(f"{rc} = tpu.reciprocal {al} : {V8} -> {V8}")
same_f(rc, k.const("dense<2.500000e-01>", V8), V8, "tpu.reciprocal of 4")
tb = fresh(); k.l(f"{tb} = tpu.bitcast {four} : {V8} -> vector<8x128xi32>")
k.assert_vec(tb, "1082130432", "vector<8x128xi32>", 1024, "tpu.bitcast: the bits of 4.0")
odd = k.const("dense<[1.000000e+00, 0x7FC00000, 0x7F800000, -2.000000e+00]>", "vector<4xf32>")
wd = fresh(); k.l(f"{wd} = tpu.weird {odd} : vector<4xf32> -> vector<4xi1>")
wdi = k.cast("arith.extui", wd, "vector<4xi1>", "vector<4xi32>")
k.assert_vec(wdi, "[0, 1, 1, 0]", "vector<4xi32>", 4, "tpu.weird: NaN and infinity")
lo = [k.const(0, "index"), k.const(0, "index")]; hi = [k.const(2, "index"), k.const(128, "index")]
cm = fresh(); k.l(f"{cm} = tpu.create_mask [{lo[0]}, {lo[1]}][{hi[0]}, {hi[1]}] : vector<8x128xi1>")
cmi = k.cast("arith.extui", cm, "vector<8x128xi1>", "vector<8x128xi32>")
zero = k.const(0, "i32"); cnt = fresh()
k.l(f"{cnt} = vector.multi_reduction <add>, {cmi}, {zero} [0, 1] : vector<8x128xi32> to i32")
k.assert_i(cnt, 256, "i32", "tpu.create_mask [0, 0][2, 128]: two rows")
top = fresh(); k.l(f"{top} = vector.load %s[{c0}, {c0}] : {M}, {V8}")
rev = k.bin("arith.subi", k.const("dense<7>", "vector<8x128xi32>"), even, "vector<8x128xi32>")
dg = fresh(); k.l(f"{dg} = tpu.dynamic_gather {top}[{rev}] in [0] : {V8}, vector<8x128xi32> -> {V8}")
revf = k.cast("arith.sitofp", rev, "vector<8x128xi32>", V8)
same_f(dg, revf, V8, "tpu.dynamic_gather along dim 0: row 7 - i")
lane = fresh(); k.l(f"{lane} = tpu.iota {{dimensions = array<i32: 1>}} : vector<8x128xi32>")
lanef = k.cast("arith.sitofp", lane, "vector<8x128xi32>", V8)
rp = fresh(); k.l(f"{rp} = tpu.repeat {lanef}, 1 x 2 : {V8} -> vector<8x256xf32>")
hi_l = fresh(); k.l(f"{hi_l} = vector.extract {rp}[3, 130] : f32 from vector<8x256xf32>")
k.assert_f(hi_l, "2.000000e+00", "f32", "tpu.repeat 1 x 2: lane 130 is lane 2 again")
k.write(os.path.join(OUT, "tpu_memory_vector.mlir"), [
    "tpu's memory ops (vector_load/store, strided_load/store, load/store with sublane stride and",
    "mask, the memref views) and vector ops (reciprocal, bitcast, weird, create_mask,",
    "dynamic_gather, rotate, repeat, assume_layout) on two VMEM scratch buffers, each result",
    "checked with cf.assert (tests/test_op_registry.c runs it)."], args, 2)

# ---------------------------------------------------------------- tpu: DMAs, semaphores, regions, logs, PRNG
k = K()
V = "#tpu.memory_space<vmem>"
S = "#tpu.memory_space<semaphore_mem>"
M = f"memref<8x128xi32, {V}>"
args = f"%a: {M}, %b: {M}, %dsem: memref<!tpu.dma_semaphore, {S}>, %small: memref<1x4xi32, {V}>"
c0 = k.const(0, "index")
io = fresh(); k.l(f"{io} = tpu.iota {{dimensions = array<i32: 1>}} : vector<8x128xi32>")
k.l(f"vector.store {io}, %a[{c0}, {c0}] : {M}, vector<8x128xi32>")
k.l(f"tpu.enqueue_dma source(%a : {M}) target(%b : {M}) target_semaphore(%dsem : memref<!tpu.dma_semaphore, {S}>)")
k.l(f"tpu.wait_dma2 semaphore(%dsem : memref<!tpu.dma_semaphore, {S}>) src(%a : {M}) dst(%b : {M})")
got = fresh(); k.l(f"{got} = vector.load %b[{c0}, {c0}] : {M}, vector<8x128xi32>")
eq = fresh("eq"); k.l(f"{eq} = arith.cmpi eq, {got}, {io} : vector<8x128xi32>")
ei = k.cast("arith.extui", eq, "vector<8x128xi1>", "vector<8x128xi32>"); one = k.const(1, "i32")
al = fresh(); k.l(f"{al} = vector.multi_reduction <minsi>, {ei}, {one} [0, 1] : vector<8x128xi32> to i32")
k.assert_i(al, 1, "i32", "tpu.enqueue_dma then tpu.wait_dma2: the copy arrived")
sem = fresh("s"); n3 = fresh(); ok = fresh("ok")
c3 = k.const(3, "i32")
k.l('"tpu.region"() ({')
k.l(f"  {sem} = tpu.sem_alloc : memref<!tpu.semaphore, {S}>")
k.l(f"  tpu.sem_signal {sem}, {c3} : memref<!tpu.semaphore, {S}>")
k.l(f"  {n3} = tpu.sem_read {sem} : memref<!tpu.semaphore, {S}> -> i32")
k.l(f"  {ok} = arith.cmpi eq, {n3}, {c3} : i32")
k.l(f'  cf.assert {ok}, "tpu.sem_signal by 3, then tpu.sem_read"')
k.l(f"  tpu.sem_wait {sem}, {c3} : memref<!tpu.semaphore, {S}>")
k.l("  tpu.yield")
k.l("}) : () -> ()")
tr = fresh()
k.l('"tpu.trace"() <{level = 10 : i32, message = "a traced scope"}> ({')
k.l(f"  {tr} = arith.addi {c3}, {c3} : i32")
k.l("  tpu.yield")
k.l("}) : () -> ()")
k.l('"tpu.trace_start"() <{level = 10 : i32, message = "a traced stretch"}> : () -> ()')
k.l('"tpu.trace_stop"() : () -> ()')
four = fresh(); k.l(f"{four} = tpu.iota {{dimensions = array<i32: 1>}} : vector<1x4xi32>")
k.l(f"vector.store {four}, %small[{c0}, {c0}] : memref<1x4xi32, {V}>, vector<1x4xi32>")
k.l(f'tpu.log_buffer "tessera ops: log_buffer of 0 1 2 3" {{shape = array<i64: 1, 4>}} : %small : memref<1x4xi32, {V}>')
seed = k.const(7, "i32")
r1, r2 = fresh(), fresh()
k.l(f'"tpu.prng_set_seed_32"({seed}) : (i32) -> ()')
k.l(f'{r1} = "tpu.prng_random_bits"() : () -> vector<8x128xi32>')
k.l(f'"tpu.prng_set_seed_32"({seed}) : (i32) -> ()')
k.l(f'{r2} = "tpu.prng_random_bits"() : () -> vector<8x128xi32>')
eq = fresh("eq"); k.l(f"{eq} = arith.cmpi eq, {r1}, {r2} : vector<8x128xi32>")
ei = k.cast("arith.extui", eq, "vector<8x128xi1>", "vector<8x128xi32>")
al = fresh(); k.l(f"{al} = vector.multi_reduction <minsi>, {ei}, {one} [0, 1] : vector<8x128xi32> to i32")
k.assert_i(al, 1, "i32", "tpu.prng_set_seed_32 restarts tpu.prng_random_bits' stream")
k.write(os.path.join(OUT, "tpu_sync.mlir"), [
    "tpu's DMA, semaphore, scope, log and PRNG ops: a local DMA waited for with wait_dma2, a",
    "semaphore signalled, read and waited for in a tpu.region, a traced scope, a logged buffer,",
    "and a reseeded PRNG stream that repeats; checked with cf.assert (tests/test_op_registry.c)."], args, 4)

# ---------------------------------------------------------------- tpu: the grid's ids
k = K()
V = "#tpu.memory_space<vmem>"
ib = fresh(); k.l(f"{ib} = tpu.iteration_bound 0 : i32"); k.assert_i(ib, 3, "i32", "tpu.iteration_bound 0 of a grid of 3")
dv = fresh(); k.l(f"{dv} = tpu.device_id : i32"); k.assert_i(dv, 0, "i32", "tpu.device_id of one device")
pid = fresh(); k.l(f"{pid} = vector.broadcast %i : i32 to vector<8x128xi32>")
c0 = k.const(0, "index")
k.l(f"vector.store {pid}, %o[{c0}, {c0}] : memref<8x128xi32, {V}>, vector<8x128xi32>")
HEAD_GRID = '''module {
  func.func @main(%i: i32, %o: memref<8x128xi32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: 3>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @map, window_bounds = array<i64: 8, 128>}]} {
'''
emit(os.path.join(OUT, "tpu_grid_ids.mlir"), [
    "tpu's ids in a grid of 3 steps on one device: iteration_bound, device_id, checked with",
    "cf.assert; each step writes its program id to its block (tests/test_op_registry.c runs it)."],
    HEAD_GRID + "\n".join(k.lines) + "\n    return\n  }\n"
    "  func.func @map(%i: i32) -> (i32, i32) {\n    %c0 = arith.constant 0 : i32\n    return %i, %c0 : i32, i32\n  }\n}\n")

# ---------------------------------------------------------------- cf branches, func.call
# Written whole: the K helper builds one block. @sum_to loops through its blocks with
# cf.br/cf.cond_br and block arguments; @absdiff returns from two blocks; @scale takes and
# gives a vector; @main branches itself, calls each helper (@sum_to twice: each call is its
# own copy) and checks every result.
emit(os.path.join(OUT, "cf_call.mlir"), [
    "cf.br and cf.cond_br between the blocks of a func body (a loop through block arguments,",
    "returns from two blocks, a kernel body that branches), and func.call of the other funcs",
    "of the module; each result is checked with cf.assert (tests/test_op_registry.c runs it)."], '''module {
  func.func private @sum_to(%n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    cf.br ^bb1(%c0, %c1 : i32, i32)
  ^bb1(%acc: i32, %i: i32):
    %done = arith.cmpi sgt, %i, %n : i32
    cf.cond_br %done, ^bb3(%acc : i32), ^bb2
  ^bb2:
    %a2 = arith.addi %acc, %i : i32
    %i2 = arith.addi %i, %c1 : i32
    cf.br ^bb1(%a2, %i2 : i32, i32)
  ^bb3(%r: i32):
    return %r : i32
  }
  func.func private @absdiff(%a: i32, %b: i32) -> i32 {
    %gt = arith.cmpi sgt, %a, %b : i32
    cf.cond_br %gt, ^bb1, ^bb2
  ^bb1:
    %d = arith.subi %a, %b : i32
    return %d : i32
  ^bb2:
    %e = arith.subi %b, %a : i32
    return %e : i32
  }
  func.func private @scale(%v: vector<8x128xf32>, %s: f32) -> vector<8x128xf32> {
    %b = vector.broadcast %s : f32 to vector<8x128xf32>
    %r = arith.mulf %v, %b : vector<8x128xf32>
    return %r : vector<8x128xf32>
  }
  func.func @main() attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64} {
    %c4 = arith.constant 4 : i32
    %c10 = arith.constant 10 : i32
    %c55 = arith.constant 55 : i32
    %s10 = call @sum_to(%c10) : (i32) -> i32
    %ok1 = arith.cmpi eq, %s10, %c55 : i32
    cf.assert %ok1, "cf.br loop: 1 + ... + 10 = 55"
    %s4 = call @sum_to(%c4) : (i32) -> i32
    %c10b = arith.constant 10 : i32
    %ok2 = arith.cmpi eq, %s4, %c10b : i32
    cf.assert %ok2, "a second call of @sum_to: 1 + ... + 4 = 10"
    %d1 = call @absdiff(%c4, %c10) : (i32, i32) -> i32
    %d2 = call @absdiff(%c10, %c4) : (i32, i32) -> i32
    %c6 = arith.constant 6 : i32
    %ok3 = arith.cmpi eq, %d1, %c6 : i32
    %ok4 = arith.cmpi eq, %d2, %c6 : i32
    cf.assert %ok3, "cf.cond_br false edge: |4 - 10| = 6"
    cf.assert %ok4, "cf.cond_br true edge: |10 - 4| = 6"
    %v = arith.constant dense<1.500000e+00> : vector<8x128xf32>
    %two = arith.constant 2.000000e+00 : f32
    %w = call @scale(%v, %two) : (vector<8x128xf32>, f32) -> vector<8x128xf32>
    %big = arith.cmpi sgt, %s4, %c4 : i32
    cf.cond_br %big, ^bb1(%w : vector<8x128xf32>), ^bb2
  ^bb1(%x: vector<8x128xf32>):
    %z = arith.constant 0 : index
    %e = vector.extract %x[5, 77] : f32 from vector<8x128xf32>
    %three = arith.constant 3.000000e+00 : f32
    %ok5 = arith.cmpf oeq, %e, %three : f32
    cf.assert %ok5, "a vector through func.call and a block argument: 1.5 * 2 = 3"
    cf.br ^bb3
  ^bb2:
    %false = arith.constant false
    cf.assert %false, "cf.cond_br took the wrong edge (10 > 4)"
    cf.br ^bb3
  ^bb3:
    return
  }
}
''')

# ---------------------------------------------------------------- vector.contract, tpu.all_reduce
k = K()
def contract(maps, iters, a, b, acc, ta, tb, tacc, prec=""):
    r = fresh()
    its = ", ".join(f'"{i}"' for i in iters)
    k.l(f"{r} = vector.contract {{indexing_maps = [{', '.join(maps)}], iterator_types = [{its}], kind = #vector.kind<add>{prec}}} "
        f"{a}, {b}, {acc} : {ta}, {tb} into {tacc}")
    return r
MK = "affine_map<(d0, d1, d2) -> (d0, d2)>"; KN = "affine_map<(d0, d1, d2) -> (d2, d1)>"
MN = "affine_map<(d0, d1, d2) -> (d0, d1)>"; NK = "affine_map<(d0, d1, d2) -> (d1, d2)>"
PPR = ["parallel", "parallel", "reduction"]
a = k.const("dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]>", "vector<2x3xf32>")
b = k.const("dense<[[1.000000e+00, 0.000000e+00], [0.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]]>", "vector<3x2xf32>")
bt = k.const("dense<[[1.000000e+00, 0.000000e+00, 1.000000e+00], [0.000000e+00, 1.000000e+00, 1.000000e+00]]>", "vector<2x3xf32>")
acc = k.const("dense<[[1.000000e+01, 2.000000e+01], [3.000000e+01, 4.000000e+01]]>", "vector<2x2xf32>")
want = "[[1.400000e+01, 2.500000e+01], [4.000000e+01, 5.100000e+01]]"
r = contract([MK, KN, MN], PPR, a, b, acc, "vector<2x3xf32>", "vector<3x2xf32>", "vector<2x2xf32>")
k.assert_vec(r, want, "vector<2x2xf32>", 4, "vector.contract as a matmul adds the product to the acc", "f")
r = contract([MK, NK, MN], PPR, a, bt, acc, "vector<2x3xf32>", "vector<2x3xf32>", "vector<2x2xf32>", ", precision = #tpu.contract_precision<fp32>")
k.assert_vec(r, want, "vector<2x2xf32>", 4, "vector.contract with the rhs transposed, fp32 precision", "f")
ia = k.const("dense<[[1, 2, 3], [4, 5, 6]]>", "vector<2x3xi32>"); ib_ = k.const("dense<[[1, 0], [0, 1], [1, 1]]>", "vector<3x2xi32>")
iacc = k.const("dense<[[10, 20], [30, 40]]>", "vector<2x2xi32>")
r = contract([MK, KN, MN], PPR, ia, ib_, iacc, "vector<2x3xi32>", "vector<3x2xi32>", "vector<2x2xi32>")
k.assert_vec(r, "[[14, 25], [40, 51]]", "vector<2x2xi32>", 4, "vector.contract of i32")
# batched: [2 x (1x2) . (2x1)] ; batch 0: [1,2].[3,4] = 11, batch 1: [5,6].[7,8] = 83
BA = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>"; BB = "affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>"; BC = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>"
x = k.const("dense<[[[1.000000e+00, 2.000000e+00]], [[5.000000e+00, 6.000000e+00]]]>", "vector<2x1x2xf32>")
y = k.const("dense<[[[3.000000e+00], [4.000000e+00]], [[7.000000e+00], [8.000000e+00]]]>", "vector<2x2x1xf32>")
z = k.const("dense<0.000000e+00>", "vector<2x1x1xf32>")
r = contract([BA, BB, BC], ["parallel", "parallel", "parallel", "reduction"], x, y, z, "vector<2x1x2xf32>", "vector<2x2x1xf32>", "vector<2x1x1xf32>")
k.assert_vec(r, "[[[1.100000e+01]], [[8.300000e+01]]]", "vector<2x1x1xf32>", 2, "vector.contract batched over d0", "f")
# tpu.all_reduce: each element becomes its line's sum / max / first arg max
v = k.const("dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00, 8.000000e+00, 7.000000e+00]]>", "vector<2x4xf32>")
r = fresh(); k.l(f"{r} = tpu.all_reduce {v} {{dim = 1 : i64, kind = #tpu.reduction_kind<sum>}} : vector<2x4xf32> -> vector<2x4xf32>")
k.assert_vec(r, "[[1.000000e+01, 1.000000e+01, 1.000000e+01, 1.000000e+01], [2.600000e+01, 2.600000e+01, 2.600000e+01, 2.600000e+01]]", "vector<2x4xf32>", 8, "tpu.all_reduce sum along dim 1", "f")
r = fresh(); k.l(f"{r} = tpu.all_reduce {v} {{dim = 0 : i64, kind = #tpu.reduction_kind<max>}} : vector<2x4xf32> -> vector<2x4xf32>")
k.assert_vec(r, "[[5.000000e+00, 6.000000e+00, 8.000000e+00, 7.000000e+00], [5.000000e+00, 6.000000e+00, 8.000000e+00, 7.000000e+00]]", "vector<2x4xf32>", 8, "tpu.all_reduce max along dim 0", "f")
r = fresh(); k.l(f"{r} = tpu.all_reduce {v} {{dim = 1 : i64, kind = #tpu.reduction_kind<arg_max>}} : vector<2x4xf32> -> vector<2x4xi32>")
k.assert_vec(r, "[[3, 3, 3, 3], [2, 2, 2, 2]]", "vector<2x4xi32>", 8, "tpu.all_reduce arg_max along dim 1")
iv = k.const("dense<[[3, -1], [2, 5]]>", "vector<2x2xi32>")
r = fresh(); k.l(f"{r} = tpu.all_reduce {iv} {{dim = 0 : i64, kind = #tpu.reduction_kind<min>}} : vector<2x2xi32> -> vector<2x2xi32>")
k.assert_vec(r, "[[2, -1], [2, -1]]", "vector<2x2xi32>", 4, "tpu.all_reduce min of i32 along dim 0")
k.write(os.path.join(OUT, "vector_contract_all_reduce.mlir"), [
    "vector.contract as a matmul, with the rhs transposed, of i32, and batched, each adding to its",
    "acc; tpu.all_reduce sum, max, arg_max and min along either dimension; every result checked",
    "with cf.assert against hand-computed values (tests/test_op_registry.c runs it)."])

# ---------------------------------------------------------------- tpu.scan, tpu.sort (SparseCore)
k = K()
V16 = "vector<16xf32>"
def vec16(vals, t="f32"):
    fmt = (lambda v: f"{float(v):.6e}") if t == "f32" else str
    return k.const("dense<[" + ", ".join(fmt(v) for v in vals) + "]>", f"vector<16x{t}>")
def dense16(vals, t="f32"):
    fmt = (lambda v: f"{float(v):.6e}") if t == "f32" else (lambda v: str(v).lower())
    return "[" + ", ".join(fmt(v) for v in vals) + "]"
xs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]
m = [1, 0] * 8
x = vec16(xs); mask = k.const("dense<" + dense16(m, "i1").replace("1", "true").replace("0", "false") + ">", "vector<16xi1>")
import itertools
r = fresh(); k.l(f"{r} = tpu.scan <sum>, {x} : {V16}, -> {V16}")
k.assert_vec(r, dense16(list(itertools.accumulate(xs))), V16, 16, "tpu.scan sum is a running sum", "f")
r = fresh(); k.l(f"{r} = tpu.scan <max>, {x} : {V16}, -> {V16}")
k.assert_vec(r, dense16(list(itertools.accumulate(xs, max))), V16, 16, "tpu.scan max is a running max", "f")
run, out = 0, []
for v, mm in zip(xs, m):
    if mm: run += v
    out.append(run)
r = fresh(); k.l(f"{r} = tpu.scan <sum>, {x} masked {mask} : {V16}, vector<16xi1> -> {V16}")
k.assert_vec(r, dense16(out), V16, 16, "tpu.scan masked: unset elements hold the running sum", "f")
r = fresh(); k.l(f"{r} = tpu.scan <sum>, {mask} : vector<16xi1>, -> vector<16xi32>")
k.assert_vec(r, dense16(list(itertools.accumulate(m)), "i32"), "vector<16xi32>", 16, "tpu.scan of i1 counts the set elements")
vals = k.const("dense<" + dense16(list(range(100, 116)), "i32") + ">", "vector<16xi32>")
order = sorted(range(16), key=lambda i: xs[i])
r = fresh(); k.l(f"{r}:3 = tpu.sort {x}, {vals} : ({V16}, vector<16xi32>) -> (vector<16xi1>, {V16}, vector<16xi32>)")
k.assert_vec(f"{r}#1", dense16([xs[i] for i in order]), V16, 16, "tpu.sort sorts the keys", "f")
k.assert_vec(f"{r}#2", dense16([100 + i for i in order], "i32"), "vector<16xi32>", 16, "tpu.sort is stable and moves the values with their keys")
dorder = sorted(range(16), key=lambda i: -xs[i])
valid = [i for i in range(16) if m[i]]
morder = sorted(valid, key=lambda i: -xs[i]) + [i for i in range(16) if not m[i]]
r = fresh(); k.l(f"{r}:3 = tpu.sort {x}, {vals} masked {mask} {{descending = true}} : ({V16}, vector<16xi32>, vector<16xi1>) -> (vector<16xi1>, {V16}, vector<16xi32>)")
k.assert_vec(f"{r}#2", dense16([100 + i for i in morder], "i32"), "vector<16xi32>", 16, "tpu.sort masked, descending: the set keys sorted first, then the rest in order")
ei = k.cast("arith.extui", f"{r}#0", "vector<16xi1>", "vector<16xi32>")
k.assert_vec(ei, dense16([1] * 8 + [0] * 8, "i32"), "vector<16xi32>", 16, "tpu.sort's output mask marks the sorted set keys")
HEAD_SC = HEAD.replace("scratch_operands = %d : i64}", "scratch_operands = %d : i64, tpu.core_type = #tpu.core_type<sc_vector_subcore>}")
emit(os.path.join(OUT, "tpu_scan_sort.mlir"), [
    "tpu.scan (sum, max, masked, counting an i1 mask) and tpu.sort (stable, moving the values,",
    "masked and descending) on 16 lanes of a SparseCore vector subcore, as the pinned jaxlib",
    "accepts them only there; checked with cf.assert (tests/test_op_registry.c runs it)."],
    HEAD_SC % ("", 0) + "\n".join(k.lines) + "\n" + TAIL)

# ---------------------------------------------------------------- the rest of the tpu dialect
k = K()
VF, VI, VB = "vector<8x128xf32>", "vector<8x128xi32>", "vector<8x128xbf16>"
def splat(v, t): return k.const(f"dense<{v}>", t)
def arrow(op, x, t1, t2, attrs=""):
    r = fresh(); k.l(f"{r} = {op} {x}{attrs} : {t1} -> {t2}"); return r
TZ, NE = " {rounding_mode = #tpu.rounding_mode<towards_zero>}", " {rounding_mode = #tpu.rounding_mode<to_nearest_even>}"
r = arrow("tpu.extf", splat("1.500000e+00", VB), VB, VF); k.assert_vec(r, "1.500000e+00", VF, 1024, "tpu.extf bf16 1.5", "f")
x = splat("1.005859375", VF)  # 1 + 3 * 2^-9: bf16's neighbours are 1 and 1 + 2^-7
r = arrow("tpu.truncf", x, VF, VB, NE); k.assert_vec(r, "1.007812500e+00", VB, 1024, "tpu.truncf to nearest: 1 + 2^-7", "f")
r = arrow("tpu.truncf", x, VF, VB, TZ); k.assert_vec(r, "1.000000e+00", VB, 1024, "tpu.truncf toward zero: 1", "f")
r = arrow("tpu.truncf", splat("-1.005859375", VF), VF, VB, TZ); k.assert_vec(r, "-1.000000e+00", VB, 1024, "tpu.truncf toward zero of a negative", "f")
halves = k.const("dense<[[2.500000e+00, 3.500000e+00, -2.500000e+00, -2.700000e+00]]>", "vector<1x4xf32>")
r = arrow("tpu.fptosi", halves, "vector<1x4xf32>", "vector<1x4xi32>", NE); k.assert_vec(r, "[[2, 4, -2, -3]]", "vector<1x4xi32>", 4, "tpu.fptosi to nearest even")
r = arrow("tpu.fptosi", halves, "vector<1x4xf32>", "vector<1x4xi32>", TZ); k.assert_vec(r, "[[2, 3, -2, -2]]", "vector<1x4xi32>", 4, "tpu.fptosi toward zero")
r = arrow("tpu.fptoui", halves, "vector<1x4xf32>", "vector<1x4xi32>", NE); k.assert_vec(r, "[[2, 4, 0, 0]]", "vector<1x4xi32>", 4, "tpu.fptoui saturates negatives at 0")
ints = k.const("dense<[[16777219, 259, -1, 7]]>", "vector<1x4xi32>")
r = arrow("tpu.sitofp", ints, "vector<1x4xi32>", "vector<1x4xf32>", NE); k.assert_vec(r, "[[1.677722e+07, 2.590000e+02, -1.000000e+00, 7.000000e+00]]", "vector<1x4xf32>", 4, "tpu.sitofp to nearest even: 2^24 + 3 gives 2^24 + 4", "f")
r = arrow("tpu.sitofp", ints, "vector<1x4xi32>", "vector<1x4xf32>", TZ); k.assert_vec(r, "[[16777218.0, 2.590000e+02, -1.000000e+00, 7.000000e+00]]", "vector<1x4xf32>", 4, "tpu.sitofp toward zero: 2^24 + 3 gives 2^24 + 2", "f")
r = arrow("tpu.sitofp", ints, "vector<1x4xi32>", "vector<1x4xbf16>", NE); k.assert_vec(r, "[[1.677722e+07, 2.600000e+02, -1.000000e+00, 7.000000e+00]]", "vector<1x4xbf16>", 4, "tpu.sitofp to bf16, nearest even: 259 gives 260", "f")
r = arrow("tpu.sitofp", ints, "vector<1x4xi32>", "vector<1x4xbf16>", TZ); k.assert_vec(r, "[[1.677722e+07, 2.580000e+02, -1.000000e+00, 7.000000e+00]]", "vector<1x4xbf16>", 4, "tpu.sitofp to bf16 toward zero: 259 gives 258", "f")
r = arrow("tpu.uitofp", ints, "vector<1x4xi32>", "vector<1x4xf32>", TZ); k.assert_vec(r, "[[16777218.0, 2.590000e+02, 4.294967040e+09, 7.000000e+00]]", "vector<1x4xf32>", 4, "tpu.uitofp toward zero: 2^32 - 1 gives 2^32 - 256", "f")
rows = k.const("dense<[[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0]]>", "vector<8x1xf32>")
r = arrow("tpu.reshape", rows, "vector<8x1xf32>", "vector<2x4xf32>"); k.assert_vec(r, "[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0]]", "vector<2x4xf32>", 8, "tpu.reshape keeps row-major order", "f")
r = arrow("tpu.bitcast_vreg", splat("1.000000e+00", VF), VF, VI); k.assert_vec(r, "1065353216", VI, 1024, "tpu.bitcast_vreg 1.0 to its bits")
g = fresh(); k.l(f"{g} = tpu.gather {rows}[[0, 0, 1, 1, 2, 3, 7, 6]] in 0 : vector<8x1xf32> -> vector<8x1xf32>")
k.assert_vec(g, "[[0.0], [0.0], [1.0], [1.0], [2.0], [3.0], [7.0], [6.0]]", "vector<8x1xf32>", 8, "tpu.gather picks rows by index", "f")
tens = k.const("dense<[[10.0], [11.0], [12.0], [13.0], [14.0], [15.0], [16.0], [17.0]]>", "vector<8x1xf32>")
sh = fresh(); k.l(f"{sh} = tpu.sublane_shuffle {rows}, {tens}, [0, 8, 1, 9, 2, 10, 3, 11] : vector<8x1xf32>, vector<8x1xf32> -> vector<8x1xf32>")
k.assert_vec(sh, "[[0.0], [10.0], [1.0], [11.0], [2.0], [12.0], [3.0], [13.0]]", "vector<8x1xf32>", 8, "tpu.sublane_shuffle interleaves the sublanes of both", "f")
p16 = fresh(); k.l(f"{p16} = tpu.pack_elementwise {splat(74565, VI)}, {splat(424090, VI)} {{target_type = i16}} : {VI}, {VI} -> {VI}")
k.assert_vec(p16, "2023367493", VI, 1024, "tpu.pack_elementwise i16: 0x12345, 0x6789A give the word 0x789A2345")
pb = fresh(); k.l(f"{pb} = tpu.pack_elementwise {splat('1.000000e+00', VF)}, {splat('-2.000000e+00', VF)} {{target_type = bf16}} : {VF}, {VF} -> {VI}")
k.assert_vec(pb, "-1073725568", VI, 1024, "tpu.pack_elementwise bf16: 1.0, -2.0 give the word 0xC0003F80")
u = fresh(); k.l(f"{u} = tpu.unpack_elementwise {p16}, 1 {{source_type = i16}} : {VI} -> {VI}"); k.assert_vec(u, "30874", VI, 1024, "tpu.unpack_elementwise i16 1 of 0x789A2345")
u = fresh(); k.l(f"{u} = tpu.unpack_elementwise {pb}, 1 {{source_type = bf16}} : {VI} -> {VF}"); k.assert_vec(u, "-2.000000e+00", VF, 1024, "tpu.unpack_elementwise bf16 1 of 0xC0003F80", "f")
rows4 = k.const("dense<[[1.000000e+00, 1.000000e+00], [-2.000000e+00, -2.000000e+00], [5.000000e-01, 5.000000e-01], [3.000000e+00, 3.000000e+00]]>", "vector<4x2xbf16>")
wb = arrow("tpu.bitcast", rows4, "vector<4x2xbf16>", "vector<2x2xi32>")
k.assert_vec(wb, "[[-1073725568, -1073725568], [1077952256, 1077952256]]", "vector<2x2xi32>", 4, "tpu.bitcast packs bf16 rows 2r, 2r+1 into words 0xC0003F80, 0x40403F00")
rb = arrow("tpu.bitcast", wb, "vector<2x2xi32>", "vector<4x2xbf16>")
k.assert_vec(rb, "[[1.000000e+00, 1.000000e+00], [-2.000000e+00, -2.000000e+00], [5.000000e-01, 5.000000e-01], [3.000000e+00, 3.000000e+00]]", "vector<4x2xbf16>", 8, "tpu.bitcast of the words back to bf16 rows", "f")
q8 = k.const("dense<[[1, -1], [2, -2], [3, -3], [4, -4]]>", "vector<4x2xi8>")
wq = arrow("tpu.bitcast", q8, "vector<4x2xi8>", "vector<1x2xi32>")
k.assert_vec(wq, "[[67305985, -50462977]]", "vector<1x2xi32>", 2, "tpu.bitcast packs i8 rows into words 0x04030201, 0xFCFDFEFF")
c5 = k.const(5, "i32")
k.l(f"tpu.delay {c5}")
k.l(f'tpu.trace_value {c5}, "five" : i32')
k.write(os.path.join(OUT, "tpu_convert_shuffle.mlir"), [
    "tpu's conversions with a rounding mode (extf, truncf, fptosi, fptoui, sitofp, uitofp; each",
    "way where the modes differ), reshape, bitcast_vreg, bitcast across widths (bf16 pairs and i8",
    "quads packed along the second-minor dimension), gather, sublane_shuffle, the elementwise",
    "packs of i16 and bf16 in 32-bit words (hand-computed words), delay and trace_value;",
    "checked with cf.assert (tests/test_op_registry.c runs it)."])

# The Mosaic dialect's op list of this jaxlib: tests/test_op_registry.c checks that every op is
# run (src/ops/mosaic.def) or refused with a reason (src/ops/mosaic_refused.def).
import re
from jaxlib.mosaic.python import _tpu_ops_gen
names = sorted(set(re.findall(r'OPERATION_NAME = "([^"]+)"', open(_tpu_ops_gen.__file__).read())))
with open(os.path.join(OUT, "tpu_dialect_ops.txt"), "w") as f:
    import jaxlib
    f.write(f"# the ops of the Mosaic (tpu) dialect of jaxlib {jaxlib.__version__}, written by tools/jax/op_kernels.py\n")
    f.write("".join(n + "\n" for n in names))

# ---------------------------------------------------------------- narrow types: float8, int4
k = K()
T4F8, T4F5, T4F32, T4I4, T4I32 = "vector<4xf8E4M3FN>", "vector<4xf8E5M2>", "vector<4xf32>", "vector<4xi4>", "vector<4xi32>"
e = k.cast("arith.extf", k.const("dense<[4.480000e+02, -5.000000e-01, 3.125000e-01, 0.001953125]>", T4F8), T4F8, T4F32)
k.assert_vec(e, "[4.480000e+02, -5.000000e-01, 3.125000e-01, 0.001953125]", T4F32, 4, "arith.extf f8E4M3FN: 448, -0.5, 0.3125, 2^-9", "f")
t = k.cast("arith.truncf", k.const("dense<[4.640000e+02, 4.800000e+02, 3.000000e-01, 1.000000e-03]>", T4F32), T4F32, T4F8)
b = k.cast("arith.bitcast", t, T4F8, "vector<4xi8>")
k.assert_vec(b, "[126, 127, 42, 1]", "vector<4xi8>", 4, "arith.truncf to f8E4M3FN rounds to nearest even, past 448 to NaN (0x7E, 0x7F, 0x2A, 0x01)")
t = k.cast("arith.truncf", k.const("dense<[6.144000e+04, 5.734400e+04, 3.000000e-01, -0.000000e+00]>", T4F32), T4F32, T4F5)
b = k.cast("arith.bitcast", t, T4F5, "vector<4xi8>")
k.assert_vec(b, "[124, 123, 53, -128]", "vector<4xi8>", 4, "arith.truncf to f8E5M2: 61440 ties to infinity (0x7C), 57344 is 0x7B")
e = k.cast("arith.extsi", k.const("dense<[-8, 7, -1, 3]>", T4I4), T4I4, T4I32)
k.assert_vec(e, "[-8, 7, -1, 3]", T4I32, 4, "arith.extsi i4")
e = k.cast("arith.extui", k.const("dense<[-8, 7, -1, 3]>", T4I4), T4I4, T4I32)
k.assert_vec(e, "[8, 7, 15, 3]", T4I32, 4, "arith.extui i4")
t = k.cast("arith.trunci", k.const("dense<[8, 15, -9, 17]>", T4I32), T4I32, T4I4)
e = k.cast("arith.extsi", t, T4I4, T4I32)
k.assert_vec(e, "[-8, -1, 7, 1]", T4I32, 4, "arith.trunci to i4 wraps")
s = k.cast("arith.sitofp", k.const("dense<[-8, 7, -1, 3]>", T4I4), T4I4, T4F32)
k.assert_vec(s, "[-8.0, 7.0, -1.0, 3.0]", T4F32, 4, "arith.sitofp i4", "f")
r8 = k.const("dense<[[1, -8], [2, -8], [3, -8], [4, -8], [5, -8], [6, -8], [7, -8], [-1, -8]]>", "vector<8x2xi4>")
w = fresh(); k.l(f"{w} = tpu.bitcast {r8} : vector<8x2xi4> -> vector<1x2xi32>")
k.assert_vec(w, "[[-144358623, -2004318072]]", "vector<1x2xi32>", 2, "tpu.bitcast packs 8 i4 rows per word: 0xF7654321, 0x88888888")
f8rows = k.const("dense<[[1.000000e+00], [-5.000000e-01], [4.480000e+02], [3.125000e-01]]>", "vector<4x1xf8E4M3FN>")
w = fresh(); k.l(f"{w} = tpu.bitcast {f8rows} : vector<4x1xf8E4M3FN> -> vector<1x1xi32>")
k.assert_vec(w, "[[712945720]]", "vector<1x1xi32>", 1, "tpu.bitcast packs 4 f8E4M3FN rows per word: 0x2A7EB038")
k.write(os.path.join(OUT, "narrow_types.mlir"), [
    "float8 (e4m3fn, e5m2) and int4 values: extf, truncf with its rounding, NaN past e4m3fn's",
    "448 and e5m2's infinity, extsi/extui/trunci/sitofp of i4, and tpu.bitcast packing 8 i4 or",
    "4 f8 rows in a word; each checked with cf.assert against bytes and words worked out by hand."])
