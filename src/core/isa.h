/* Instruction-set levels of the hot loops, picked when the library first runs them.
 *
 * A binary that ships (a wheel, an install) cannot assume the CPU it was built on. The whole
 * library is built for a baseline (x86-64-v2 on x86-64: SSE4.2, any x86-64 CPU since 2009),
 * and the few files whose loops are bound by instructions (the Mosaic interpreter's
 * elementwise ops and transcendentals, the strided copies) are built again for x86-64-v3
 * (AVX2, FMA) and x86-64-v4 (AVX-512), with every symbol of those copies made local to them
 * but one table of entry points per copy (CMakeLists.txt, "hot loops"). A group of such files
 * names its entry points in a table type of its own; the plain build defines the table as
 * NAME_base, each copy as NAME_v3 and NAME_v4 (ISA_TABLE), and the group's dispatcher picks
 * the one for isa_active() (isa_pick).
 *
 * Why a table of our own and not the compilers' function multiversioning (target_clones):
 * the hot loops are whole op files, not a few functions; one table per group works the same
 * with gcc and clang; and no ifunc resolver runs before the sanitizers' runtimes start. Every
 * copy computes the same bits: floating-point contraction is off (-ffp-contract=off), so FMA
 * never fuses a multiply and an add, no sum is reordered, and the transcendentals are our own
 * polynomials with libm for the rare inputs (tests/test_isa.c compares every level this CPU
 * runs, byte for byte). */
#ifndef TSR_CORE_ISA_H
#define TSR_CORE_ISA_H

#include <stdbool.h>

typedef enum isa_level {
  ISA_BASE, /* what the whole library is built for */
  ISA_V3,   /* x86-64-v3: AVX, AVX2, BMI1, BMI2, F16C, FMA, LZCNT, MOVBE */
  ISA_V4,   /* x86-64-v4: v3 and AVX-512 F, BW, CD, DQ, VL */
  ISA_LEVELS
} isa_level;

/* The highest level this CPU (and its operating system, which must save the vector registers)
 * runs: from CPUID, once. ISA_BASE off x86-64. */
isa_level isa_cpu_level(void);
/* Whether the build holds a copy of the hot loops for the level. */
bool isa_built(isa_level level);
/* The level in use: the highest one that is built and that the CPU runs, at most the one the
 * environment variable TSR_ISA names (base, v3 or v4: to compare levels, or to rule one out).
 * Read once; isa_force changes it. */
isa_level isa_active(void);
/* Makes `level` the one in use (tests/test_isa.c runs every level this way); false, and
 * nothing changes, when it is not built or the CPU cannot run it. Not for use while other
 * threads run the hot loops. */
bool isa_force(isa_level level);
/* "x86-64-v2", "x86-64-v3", "x86-64-v4" ("baseline" for a build that targets another CPU
 * family or the building machine). */
const char *isa_name(isa_level level);

/* The table of a group's entry points in this compilation: NAME_base in the plain build,
 * NAME_v3 or NAME_v4 in a copy (CMakeLists.txt defines TSR_ISA_SUFFIX there). */
#ifndef TSR_ISA_SUFFIX
#define TSR_ISA_SUFFIX base
#endif
#define ISA_CAT_(a, b) a##_##b
#define ISA_CAT(a, b) ISA_CAT_(a, b)
#define ISA_TABLE(name) ISA_CAT(name, TSR_ISA_SUFFIX)

/* Declares a group's tables and lists them by level, for isa_pick. TSR_ISA_DISPATCH is
 * defined (CMakeLists.txt) where the copies are built. */
#ifdef TSR_ISA_DISPATCH
#define ISA_DECLARE(type, name) extern const type name##_base, name##_v3, name##_v4
#define ISA_TABLES(name) {&name##_base, &name##_v3, &name##_v4}
#else
#define ISA_DECLARE(type, name) extern const type name##_base
#define ISA_TABLES(name) {&name##_base, 0, 0}
#endif

/* The table of the level in use, from a group's tables by level (ISA_TABLES). */
const void *isa_pick(const void *const tables[ISA_LEVELS]);

#endif
