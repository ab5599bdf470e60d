/* The tessera.* marks of a kernel that moves its own blocks (one `tessera lower` wrote,
 * docs/lowering.md "Marks"): discardable attributes that say which of the kernel's loops, regions
 * and copies are the pipeline's. Read when an op compiles; at run time the executor then emits
 * the events the pipeline would have emitted around the original kernel (grid steps, the body
 * and its cost, copies in and out, skipped copies), so that observers (the timing model) see
 * the same stream. A kernel without marks runs the same and is timed as its own DMAs say. */
#include <string.h>

#include "mosaic/mosaic_internal.h"

#define MAX_MARK_BYTES (1LL << 40)

static bool is_text(const mlir_ir_attr *a, const char *s) {
  return a && a->kind == MLIR_IR_ATTR_STRING && a->u.string.len == strlen(s) && !memcmp(a->u.string.data, s, a->u.string.len);
}

/* "in" or "out": MARK_..._IN + 0 or 1. */
static tsr_status direction(mosaic_comp *c, const char *name, const mlir_ir_attr *a, int in_mark, mosaic_minst *in) {
  if (is_text(a, "in")) in->mark = (uint8_t)in_mark;
  else if (is_text(a, "out")) in->mark = (uint8_t)(in_mark + 1);
  else return mosaic_comp_fail(c, TSR_ERR_INVALID, "%s must be \"in\" or \"out\"", name);
  int64_t operand;
  if (!mlir_ir_op_attr_int(c->op, "tessera.operand", &operand) || operand < 0 || operand >= TSR_MAX_OPERANDS)
    return mosaic_comp_fail(c, TSR_ERR_INVALID, "%s needs tessera.operand, an integer 0..%d", name, TSR_MAX_OPERANDS - 1);
  in->mark_operand = (int16_t)operand;
  return TSR_OK;
}

tsr_status mosaic_mark_compile(mosaic_comp *c, mosaic_minst *in) {
  const mlir_ir_attr *step = mlir_ir_op_attr(c->op, "tessera.step"), *body = mlir_ir_op_attr(c->op, "tessera.body");
  const mlir_ir_attr *dma = mlir_ir_op_attr(c->op, "tessera.dma"), *skip = mlir_ir_op_attr(c->op, "tessera.skip");
  if (step && in->op == MOSAIC_MOP_FOR) in->mark = MOSAIC_MARK_STEP;
  else if (body && in->op == MOSAIC_MOP_REGION) in->mark = MOSAIC_MARK_BODY;
  else if (skip && in->op == MOSAIC_MOP_IF) return direction(c, "tessera.skip", skip, MOSAIC_MARK_SKIP_IN, in);
  else if (dma && mosaic_mop_has(in->op, MT_DMA)) {
    TSR_TRY(direction(c, "tessera.dma", dma, MOSAIC_MARK_DMA_IN, in));
    /* an edge block's copy: its in-bounds part, counted as the pipeline counts it */
    if (mlir_ir_op_attr(c->op, "tessera.bytes") &&
        (!mlir_ir_op_attr_int(c->op, "tessera.bytes", &in->mark_bytes) || in->mark_bytes <= 0 || in->mark_bytes > MAX_MARK_BYTES))
      return mosaic_comp_fail(c, TSR_ERR_INVALID, "tessera.bytes must be an integer 1..%lld", (long long)MAX_MARK_BYTES);
  }
  return TSR_OK;
}

bool mosaic_prog_steps_itself(const mosaic_prog *P) {
  for (int i = 0; i < P->ninsts; i++)
    if (P->insts[i].mark == MOSAIC_MARK_STEP) return true;
  return false;
}

tsr_dma_dir mosaic_mark_dir(const mosaic_minst *in) {
  return in->mark == MOSAIC_MARK_DMA_IN || in->mark == MOSAIC_MARK_SKIP_IN ? TSR_DMA_IN : TSR_DMA_OUT;
}
