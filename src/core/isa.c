/* Which copy of the hot loops runs (isa.h): the CPU's level from CPUID, capped by TSR_ISA. */
#include "core/isa.h"

#include "tessera/core.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <strings.h>

#if defined(__x86_64__)
#include <cpuid.h>

static bool bit(uint32_t reg, int n) { return (reg >> n) & 1u; }

/* The vector state the operating system saves on a context switch (XCR0): without it a level's
 * registers cannot be used even where CPUID lists them. */
static uint64_t xcr0(void) {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t)hi << 32 | lo;
}

/* The x86-64 psABI's microarchitecture levels, feature by feature. */
static isa_level detect(void) {
  uint32_t a, b, c, d, b7 = 0, c7 = 0, d7 = 0, ce = 0, de = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return ISA_BASE;
  if (!__get_cpuid_count(7, 0, &a, &b7, &c7, &d7)) return ISA_BASE;
  if (!__get_cpuid(0x80000001u, &a, &b, &ce, &de)) return ISA_BASE;
  bool osxsave = bit(c, 27);
  uint64_t os = osxsave ? xcr0() : 0;
  bool v3 = bit(c, 28) /* AVX */ && bit(b7, 5) /* AVX2 */ && bit(b7, 3) /* BMI1 */ && bit(b7, 8) /* BMI2 */ &&
            bit(c, 29) /* F16C */ && bit(c, 12) /* FMA */ && bit(ce, 5) /* LZCNT */ && bit(c, 22) /* MOVBE */ &&
            osxsave && (os & 0x6) == 0x6 /* SSE and AVX state */;
  bool v4 = v3 && bit(b7, 16) /* AVX512F */ && bit(b7, 30) /* AVX512BW */ && bit(b7, 28) /* AVX512CD */ &&
            bit(b7, 17) /* AVX512DQ */ && bit(b7, 31) /* AVX512VL */ && (os & 0xe6) == 0xe6 /* opmask, ZMM state */;
  return v4 ? ISA_V4 : v3 ? ISA_V3 : ISA_BASE;
}
#else
static isa_level detect(void) { return ISA_BASE; }
#endif

static atomic_int cpu_level = -1, active = -1;

isa_level isa_cpu_level(void) {
  int l = atomic_load_explicit(&cpu_level, memory_order_relaxed);
  if (l < 0) {
    l = (int)detect();
    atomic_store_explicit(&cpu_level, l, memory_order_relaxed);
  }
  return (isa_level)l;
}

bool isa_built(isa_level level) {
#ifdef TSR_ISA_DISPATCH
  return level >= ISA_BASE && level < ISA_LEVELS;
#else
  return level == ISA_BASE;
#endif
}

static bool runs(isa_level level) { return isa_built(level) && level <= isa_cpu_level(); }

/* TSR_ISA as a cap: a level's short or full name; anything else caps nothing. */
static isa_level cap(void) {
  const char *e = getenv("TSR_ISA");
  if (!e) return ISA_LEVELS - 1;
  static const char *const names[ISA_LEVELS][3] = {
      {"base", "v2", "x86-64-v2"}, {"v3", "x86-64-v3", "avx2"}, {"v4", "x86-64-v4", "avx512"}};
  for (int l = 0; l < ISA_LEVELS; l++)
    for (int k = 0; k < 3; k++)
      if (!strcasecmp(e, names[l][k])) return (isa_level)l;
  return ISA_LEVELS - 1;
}

isa_level isa_active(void) {
  int l = atomic_load_explicit(&active, memory_order_relaxed);
  if (l < 0) {
    l = (int)cap();
    while (l > ISA_BASE && !runs((isa_level)l)) l--;
    atomic_store_explicit(&active, l, memory_order_relaxed);
  }
  return (isa_level)l;
}

bool isa_force(isa_level level) {
  if (!runs(level)) return false;
  atomic_store_explicit(&active, (int)level, memory_order_relaxed);
  return true;
}

const char *isa_name(isa_level level) {
  switch (level) {
#ifdef TSR_ISA_DISPATCH
  case ISA_BASE: return "x86-64-v2";
#else
  case ISA_BASE: return "baseline";
#endif
  case ISA_V3: return "x86-64-v3";
  case ISA_V4: return "x86-64-v4";
  default: return "?";
  }
}

const void *isa_pick(const void *const tables[ISA_LEVELS]) {
  int l = (int)isa_active();
  while (l > ISA_BASE && !tables[l]) l--;
  return tables[l];
}

const char *tsr_isa(void) { return isa_name(isa_active()); }
