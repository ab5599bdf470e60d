/* StableHLO's portable artifacts: MLIR bytecode whose ops are in the versioned VHLO dialect
 * (`vhlo.add_v1`, `vhlo.func_v1`, ...) with VHLO's own binary encoding of its attributes and
 * types. jaxlib hands a PJRT plugin its programs in this form (xla/pjrt/mlir_to_hlo.cc,
 * SerializeUsingVersionedStablehlo), and jax.export serializes modules so.
 *
 * Reading one is two steps: the bytecode reader decodes VHLO's attribute and type entries
 * (vhlo_bytecode.c) straight into their builtin and StableHLO equivalents, as the
 * StableHLO deserializer's type converter would give them; then mlir_vhlo_legalize (vhlo.c) turns
 * each `vhlo.*_vN` op into the StableHLO or func op it stands for, with its attributes as
 * StableHLO spells them (dimension numbers imploded, dense arrays, defaults dropped), following
 * StableHLO's VhloLegalizeToStablehlo pass. The result reads as jaxlib's print of the same
 * module reads (tests/test_mlir_vhlo.c). */
#ifndef TSR_MLIR_VHLO_H
#define TSR_MLIR_VHLO_H

#include "mlir/bytecode.h"

#include "tessera/mlir.h" /* TSR_VHLO_MAJOR/MINOR/PATCH */

/* One VHLO attribute or type entry (after the dialect's entry header). */
tsr_status mlir_vhlo_decode_attr(mlir_bc_cursor *c, mlir_ir_attr **out);
tsr_status mlir_vhlo_decode_type(mlir_bc_cursor *c, mlir_ir_type **out);

/* The attribute names of a VHLO op tessera reads, comma-separated in their declared order;
 * NULL for an op it does not know (a newer op or a newer version of one). */
const char *mlir_vhlo_op_attrs(const char *name);
/* What an op it does not know is told. */
extern const char mlir_vhlo_unknown_op[];
/* The properties record of a VHLO op (bytecode version 6): one attribute per declared name. */
tsr_status mlir_vhlo_decode_props(mlir_bc_cursor *c, const char *op_name, mlir_ir_attr **out);

/* Shardy (sdy_bytecode.c): one attribute entry, as the text Shardy prints for it. */
tsr_status mlir_sdy_decode_attr(mlir_bc_cursor *c, mlir_ir_attr **out);
/* The properties record of a Shardy op. */
tsr_status mlir_sdy_decode_props(mlir_bc_cursor *c, const char *op_name, mlir_ir_attr **out);

/* True when any op of the module is a vhlo op. */
bool mlir_vhlo_present(mlir_ir_op *top);
/* Rewrites every vhlo op into StableHLO (or func); an op tessera does not know (a newer
 * version of an op, an op VHLO added later) fails naming it and its location. `producer`
 * is the bytecode's producer string ("StableHLO_v1.15.0"), for messages. */
tsr_status mlir_vhlo_legalize(mlir_ir_module *m, const char *producer);

#endif
