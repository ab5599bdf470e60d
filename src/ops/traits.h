/* The traits columns of the op registries (the last column of mosaic.def, stablehlo.def and
 * check.def): properties of an op that a pass tests instead of listing the ops that have
 * them, so that a new op is one row here and every pass sees it. A row ORs its traits; 0 is
 * none, which is the safe default (no pass does anything special with the op).
 * TRAIT(bit, word, what the op promises): the word is what `tessera ops` and docs/ops.md
 * print; tests/test_op_registry.c checks rows against a reading of its own. */
#ifndef TSR_OPS_TRAITS_H
#define TSR_OPS_TRAITS_H

/* Mosaic (src/ops/mosaic.def). vector.broadcast and vector.splat are elementwise only when of
 * one element, which chunk groups and row runs check themselves. */
#define MOSAIC_TRAITS(TRAIT)                                                                           \
  TRAIT(MT_ELEMENTWISE, "elementwise",                                                               \
        "each element of its one result comes from the same element of each operand, and its run "   \
        "function is known to run on any piece of the elements, as chunk groups and row runs do "     \
        "(not yet marked: tpu's casts with a rounding mode)")                                         \
  TRAIT(MT_WINDOW, "window",                                                                         \
        "loads or stores a vector as one window of a ref at its indices (vector.load/store, "        \
        "tpu.vector_load/store, tpu.load/store; not the strided forms, not memref's scalar ones)")    \
  TRAIT(MT_STORE, "store", "writes an operand's value into a ref")                                   \
  TRAIT(MT_DMA, "dma", "starts a DMA or waits for one")                                              \
  TRAIT(MT_YIELDS, "yields",                                                                         \
        "ends a region or the func body, handing its operands to the op around it or to the caller") \
  TRAIT(MT_BRANCH, "branch", "jumps to a block of the func body")                                    \
  TRAIT(MT_PRINTS, "prints", "has no effect but output")

/* StableHLO and check (src/ops/stablehlo.def, check.def). */
#define HLO_TRAITS(TRAIT)                                                                            \
  TRAIT(HT_SCALAR_OPERAND, "scalar-operand",                                                         \
        "runs with a scalar in place of an operand broadcast from it, so the compiler drops such "    \
        "broadcasts (hlo_inst.scalar_in)")                                                            \
  TRAIT(HT_COLLECTIVE, "collective", "meets the other devices of its process groups")               \
  TRAIT(HT_DEVICE_ID, "device-id", "gives the id of the device that runs it")                       \
  TRAIT(HT_TERMINATOR, "terminator", "ends a function or region body with its results; never run")              \
  TRAIT(HT_ELEMENTWISE, "elementwise",                                                                \
        "element i of its one result comes from element i of each operand (a scalar operand standing "  \
        "for its broadcast), and its run function computes any piece of the elements alike, so the "   \
        "interpreter runs chains of such ops tile by tile (src/hlo/fuse.c)")

#define TRAIT_BIT_AT(bit, word, what) bit##_AT,
#define TRAIT_BIT(bit, word, what) bit = 1 << bit##_AT,
enum { MOSAIC_TRAITS(TRAIT_BIT_AT) MOSAIC_TRAIT_COUNT };
enum mosaic_trait { MOSAIC_TRAITS(TRAIT_BIT) };
enum { HLO_TRAITS(TRAIT_BIT_AT) HLO_TRAIT_COUNT };
enum hlo_trait { HLO_TRAITS(TRAIT_BIT) };
#undef TRAIT_BIT_AT
#undef TRAIT_BIT

#endif
