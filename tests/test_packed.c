/* TPU packed layouts against hand-computed words: a tpu.memref_bitcast that changes the
 * second-minor dimension (bf16 pairs and int8 quads in 32-bit words, row 2r in the low half),
 * read, written, strided and sliced through; the inverse view of words as narrow rows; DMAs
 * of views and chains of views of views; what is refused; int4, float8 and float4 in memory; and
 * the float8 and float4 conversions against ml_dtypes' bytes. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "harness.h"
#include "tessera/mosaic.h"

static tsr_machine *M;

#define KATTRS "attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 0 : i64}"
#define V "#tpu.memory_space<vmem>"

/* Runs a grid-less kernel over one input and one output (dense host arrays). */
static tsr_status run1(const char *text, void *in, tsr_dtype idt, int64_t r0, int64_t c0, void *out, tsr_dtype odt, int64_t r1,
                       int64_t c1) {
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  tsr_status s = tsr_mlir_parse_text(text, strlen(text), "packed.mlir", &m);
  if (s == TSR_OK) s = tsr_mosaic_kernel_create(m, &k);
  tsr_mlir_module_destroy(m);
  if (s == TSR_OK) {
    int64_t si[2] = {r0, c0}, so[2] = {r1, c1};
    tsr_ref a = tsr_ref_dense(in, idt, TSR_HBM, 2, si), o = tsr_ref_dense(out, odt, TSR_HBM, 2, so);
    s = tsr_mosaic_kernel_run(M, k, &a, 1, &o, 1, NULL, NULL);
  }
  tsr_mosaic_kernel_destroy(k);
  return s;
}

/* bf16 rows 4x8 seen as 2x8 words: word (r, l) = bits(2r, l) | bits(2r+1, l) << 16. The
 * elements' bits are (row << 8) | lane, so the words can be written down. */
static void test_bf16_pairs(void) {
  uint16_t a[4][8];
  uint32_t w[2][8];
  for (int r = 0; r < 4; r++)
    for (int l = 0; l < 8; l++) a[r][l] = (uint16_t)(r << 8 | l);
  const char *load =
      "module {\n  func.func @main(%a: memref<4x8xbf16, " V ">, %o: memref<2x8xi32, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %w = tpu.memref_bitcast %a : memref<4x8xbf16, " V "> -> memref<2x8xi32, " V ">\n"
      "    %v = vector.load %w[%c0, %c0] : memref<2x8xi32, " V ">, vector<2x8xi32>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<2x8xi32, " V ">, vector<2x8xi32>\n    return\n  }\n}\n";
  CHECK_OK(run1(load, a, TSR_BF16, 4, 8, w, TSR_U32, 2, 8));
  CHECK(w[0][0] == 0x01000000u); /* rows 0 and 1 at lane 0 */
  CHECK(w[0][5] == 0x01050005u);
  CHECK(w[1][3] == 0x03030203u); /* rows 2 and 3 at lane 3 */
  CHECK(w[1][7] == 0x03070207u);
  /* and real numbers: 1.0 (0x3F80) over -2.0 (0xC000) is the word 0xC0003F80 */
  a[0][2] = 0x3F80, a[1][2] = 0xC000;
  CHECK_OK(run1(load, a, TSR_BF16, 4, 8, w, TSR_U32, 2, 8));
  CHECK(w[0][2] == 0xC0003F80u);

  /* a store through the view writes both rows of each word */
  const char *store =
      "module {\n  func.func @main(%a: memref<2x8xi32, " V ">, %o: memref<4x8xbf16, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %v = vector.load %a[%c0, %c0] : memref<2x8xi32, " V ">, vector<2x8xi32>\n"
      "    %w = tpu.memref_bitcast %o : memref<4x8xbf16, " V "> -> memref<2x8xi32, " V ">\n"
      "    vector.store %v, %w[%c0, %c0] : memref<2x8xi32, " V ">, vector<2x8xi32>\n    return\n  }\n}\n";
  uint32_t in[2][8];
  uint16_t back[4][8];
  for (int r = 0; r < 2; r++)
    for (int l = 0; l < 8; l++) in[r][l] = 0x40400000u + (uint32_t)(r * 16 + l); /* high half 3.0, low half tiny */
  in[1][6] = 0xC0003F80u;
  CHECK_OK(run1(store, in, TSR_U32, 2, 8, back, TSR_BF16, 4, 8));
  CHECK(back[0][0] == 0x0000 && back[1][0] == 0x4040);
  CHECK(back[2][6] == 0x3F80 && back[3][6] == 0xC000);
  CHECK(back[2][5] == 0x0015 && back[3][5] == 0x4040);
}

/* int8 rows 8x4 as 2x4 words: word (r, l) = bytes of rows 4r..4r+3 at lane l, lowest first;
 * a strided load of every other word row, and a slice of the view. */
static void test_int8_quads(void) {
  int8_t a[8][4];
  uint32_t w[2][4];
  for (int r = 0; r < 8; r++)
    for (int l = 0; l < 4; l++) a[r][l] = (int8_t)(r * 16 + l);
  const char *load =
      "module {\n  func.func @main(%a: memref<8x4xi8, " V ">, %o: memref<2x4xi32, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %w = tpu.memref_bitcast %a : memref<8x4xi8, " V "> -> memref<2x4xi32, " V ">\n"
      "    %v = vector.load %w[%c0, %c0] : memref<2x4xi32, " V ">, vector<2x4xi32>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<2x4xi32, " V ">, vector<2x4xi32>\n    return\n  }\n}\n";
  CHECK_OK(run1(load, a, TSR_I8, 8, 4, w, TSR_U32, 2, 4));
  CHECK(w[0][0] == 0x30201000u);
  CHECK(w[0][1] == 0x31211101u);
  CHECK(w[1][3] == 0x73635343u);
  /* 16 rows of i8 as 4 word rows; a strided load of word rows 1 and 3; a slice [2, 4) of them */
  int8_t b[16][4];
  uint32_t s[2][4];
  for (int r = 0; r < 16; r++)
    for (int l = 0; l < 4; l++) b[r][l] = (int8_t)(r * 8 + l);
  const char *strided =
      "module {\n  func.func @main(%a: memref<16x4xi8, " V ">, %o: memref<2x4xi32, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
      "    %w = tpu.memref_bitcast %a : memref<16x4xi8, " V "> -> memref<4x4xi32, " V ">\n"
      "    %v = tpu.strided_load %w[%c1, %c0] {strides = array<i32: 2, 1>} : memref<4x4xi32, " V ">, vector<2x4xi32>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<2x4xi32, " V ">, vector<2x4xi32>\n    return\n  }\n}\n";
  CHECK_OK(run1(strided, b, TSR_I8, 16, 4, s, TSR_U32, 2, 4));
  CHECK(s[0][0] == 0x38302820u); /* rows 4..7 at lane 0: 32, 40, 48, 56 */
  CHECK(s[1][2] == 0x7A726A62u); /* rows 12..15 at lane 2: 98, 106, 114, 122 */
  const char *sliced =
      "module {\n  func.func @main(%a: memref<16x4xi8, " V ">, %o: memref<2x4xi32, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n    %i2 = arith.constant 2 : i32\n    %i0 = arith.constant 0 : i32\n"
      "    %w = tpu.memref_bitcast %a : memref<16x4xi8, " V "> -> memref<4x4xi32, " V ">\n"
      "    %s = tpu.memref_slice %w[%i2, %i0] : memref<4x4xi32, " V "> -> memref<2x4xi32, " V ">\n"
      "    %v = vector.load %s[%c0, %c0] : memref<2x4xi32, " V ">, vector<2x4xi32>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<2x4xi32, " V ">, vector<2x4xi32>\n    return\n  }\n}\n";
  CHECK_OK(run1(sliced, b, TSR_I8, 16, 4, s, TSR_U32, 2, 4));
  CHECK(s[0][1] == 0x59514941u); /* rows 8..11 at lane 1: 65, 73, 81, 89 */
  CHECK(s[1][3] == 0x7B736B63u);
}

/* The inverse: 2x8 words seen as 4x8 bf16 rows (row 2r is the low half of word row r). */
static void test_words_as_rows(void) {
  uint32_t a[2][8];
  uint16_t r[4][8];
  for (int i = 0; i < 2; i++)
    for (int l = 0; l < 8; l++) a[i][l] = 0x3F800000u | (uint32_t)(0x4000 + i * 16 + l);
  const char *load =
      "module {\n  func.func @main(%a: memref<2x8xi32, " V ">, %o: memref<4x8xbf16, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %w = tpu.memref_bitcast %a : memref<2x8xi32, " V "> -> memref<4x8xbf16, " V ">\n"
      "    %v = vector.load %w[%c0, %c0] : memref<4x8xbf16, " V ">, vector<4x8xbf16>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<4x8xbf16, " V ">, vector<4x8xbf16>\n    return\n  }\n}\n";
  CHECK_OK(run1(load, a, TSR_I32, 2, 8, r, TSR_BF16, 4, 8));
  CHECK(r[0][3] == 0x4003 && r[1][3] == 0x3F80 && r[2][7] == 0x4017 && r[3][7] == 0x3F80);
}

/* A squeeze of a packed view drops a leading unit dimension and keeps the packing, as
 * production kernels take one page of a bf16 KV cache seen as words (ref.bitcast(u32).at[i]):
 * words as rows through reshape and squeeze read what test_words_as_rows reads. Every lane of
 * every row is checked: lane 0 of an odd row once read its field with the shift of the
 * element before (an operand read before the call that sets it; seen in Debug builds). */
static void test_squeeze_packed(void) {
  uint32_t a[2][8];
  uint16_t r[4][8];
  for (int i = 0; i < 2; i++)
    for (int l = 0; l < 8; l++) a[i][l] = 0x3F800000u | (uint32_t)(0x4000 + i * 16 + l);
  const char *load =
      "module {\n  func.func @main(%a: memref<2x8xi32, " V ">, %o: memref<4x8xbf16, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %w = tpu.memref_bitcast %a : memref<2x8xi32, " V "> -> memref<4x8xbf16, " V ">\n"
      "    %e = tpu.memref_reshape %w : memref<4x8xbf16, " V "> -> memref<1x4x8xbf16, " V ">\n"
      "    %q = tpu.memref_squeeze %e : memref<1x4x8xbf16, " V "> -> memref<4x8xbf16, " V ">\n"
      "    %v = vector.load %q[%c0, %c0] : memref<4x8xbf16, " V ">, vector<4x8xbf16>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<4x8xbf16, " V ">, vector<4x8xbf16>\n    return\n  }\n}\n";
  CHECK_OK(run1(load, a, TSR_I32, 2, 8, r, TSR_BF16, 4, 8));
  for (int i = 0; i < 2; i++)
    for (int l = 0; l < 8; l++) {
      CHECK_EQ_INT(r[2 * i][l], 0x4000 + i * 16 + l); /* the low half of word (i, l) */
      CHECK_EQ_INT(r[2 * i + 1][l], 0x3F80);
    }
}

/* Kernel `text` fails to compile with `code` and a message holding `what`. */
static void refused(const char *text, tsr_status code, const char *what) {
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  CHECK_OK(tsr_mlir_parse_text(text, strlen(text), "p.mlir", &m));
  CHECK_FAILS(tsr_mosaic_kernel_create(m, &k), code, what);
  tsr_mosaic_kernel_destroy(k);
  tsr_mlir_module_destroy(m);
}

#define DMA_ATTRS "attributes {dimension_semantics = [], scalar_prefetch = 0 : i64, scratch_operands = 1 : i64}"
#define SEM "memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>"

/* A DMA from bf16 rows 4x8 seen as 2x8 words moves the words: word (r, l) is rows 2r and
 * 2r+1 at lane l, row 2r in the low half. */
static void test_dma_words(void) {
  uint16_t a[4][8];
  uint32_t w[2][8];
  for (int r = 0; r < 4; r++)
    for (int l = 0; l < 8; l++) a[r][l] = (uint16_t)(0x3F00 + r * 16 + l);
  const char *dma =
      "module {\n  func.func @main(%a: memref<4x8xbf16, " V ">, %o: memref<2x8xi32, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %w = tpu.memref_bitcast %a : memref<4x8xbf16, " V "> -> memref<2x8xi32, " V ">\n"
      "    tpu.enqueue_dma source(%w : memref<2x8xi32, " V ">) target(%o : memref<2x8xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%w : memref<2x8xi32, " V ">) dst(%o : memref<2x8xi32, " V ">)\n"
      "    return\n  }\n}\n";
  CHECK_OK(run1(dma, a, TSR_BF16, 4, 8, w, TSR_U32, 2, 8));
  int bad = 0;
  for (int r = 0; r < 2; r++)
    for (int l = 0; l < 8; l++) bad += w[r][l] != ((uint32_t)a[2 * r + 1][l] << 16 | a[2 * r][l]);
  CHECK_EQ_INT(bad, 0);
}

/* Views of views: i32[4,8] as i16[8,8], reshaped to [2,4,8], seen as bf16 (the same width),
 * its second half [1:2] reshaped back to [4,8] and seen as i32[2,8] again: rows 2 and 3 of
 * the words, as Pallas's chained ref transforms make them. */
static void test_view_chain(void) {
  uint32_t a[4][8], o[2][8];
  for (int r = 0; r < 4; r++)
    for (int l = 0; l < 8; l++) a[r][l] = (uint32_t)(r * 0x01010101u) ^ (uint32_t)(l << 12 | l);
  const char *chain =
      "module {\n  func.func @main(%a: memref<4x8xi32, " V ">, %o: memref<2x8xi32, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n    %i0 = arith.constant 0 : i32\n    %i1 = arith.constant 1 : i32\n"
      "    %h = tpu.memref_bitcast %a : memref<4x8xi32, " V "> -> memref<8x8xi16, " V ">\n"
      "    %r = tpu.memref_reshape %h : memref<8x8xi16, " V "> -> memref<2x4x8xi16, " V ">\n"
      "    %f = tpu.memref_bitcast %r : memref<2x4x8xi16, " V "> -> memref<2x4x8xbf16, " V ">\n"
      "    %s = tpu.memref_slice %f[%i1, %i0, %i0] : memref<2x4x8xbf16, " V "> -> memref<1x4x8xbf16, " V ">\n"
      "    %b = tpu.memref_reshape %s : memref<1x4x8xbf16, " V "> -> memref<4x8xbf16, " V ">\n"
      "    %w = tpu.memref_bitcast %b : memref<4x8xbf16, " V "> -> memref<2x8xi32, " V ">\n"
      "    %v = vector.load %w[%c0, %c0] : memref<2x8xi32, " V ">, vector<2x8xi32>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<2x8xi32, " V ">, vector<2x8xi32>\n    return\n  }\n}\n";
  CHECK_OK(run1(chain, a, TSR_I32, 4, 8, o, TSR_U32, 2, 8));
  CHECK(memcmp(o, a[2], sizeof o) == 0);
}

/* What a packed view's DMA or reshape cannot do is refused by name. */
static void test_refused(void) {
  /* DMAs from a packed view refused when they run: into 32-bit elements of 16-bit ones; into
   * a target of another shape in the view's terms (8 lanes into 4) */
  static const struct {
    const char *mem, *view, *dst;
    tsr_dtype mt, dt;
    int64_t mr, mc, dr, dc;
    tsr_status code;
    const char *what;
  } dmas[] = {
      {"2x8xi32", "4x8xbf16", "4x8xi32", TSR_I32, TSR_I32, 2, 8, 4, 8, TSR_ERR_INVALID, "a DMA between 16-bit and 32-bit elements"},
      {"4x8xbf16", "2x8xi32", "2x4xi32", TSR_BF16, TSR_I32, 4, 8, 2, 4, TSR_ERR_INVALID,
       "DMA between views of different shapes: dimension 1 is 8 in the source and 4 in the target"},
  };
  for (size_t i = 0; i < sizeof dmas / sizeof dmas[0]; i++) {
    char text[1024];
    snprintf(text, sizeof text,
             "module {\n  func.func @main(%%a: memref<%s, " V ">, %%o: memref<%s, " V ">, %%s: " SEM ") " DMA_ATTRS " {\n"
             "    %%w = tpu.memref_bitcast %%a : memref<%s, " V "> -> memref<%s, " V ">\n"
             "    tpu.enqueue_dma source(%%w : memref<%s, " V ">) target(%%o : memref<%s, " V ">) target_semaphore(%%s : " SEM ")\n"
             "    return\n  }\n}\n",
             dmas[i].mem, dmas[i].dst, dmas[i].mem, dmas[i].view, dmas[i].view, dmas[i].dst);
    uint32_t a[64] = {0}, o[64];
    CHECK_FAILS(run1(text, a, dmas[i].mt, dmas[i].mr, dmas[i].mc, o, dmas[i].dt, dmas[i].dr, dmas[i].dc), dmas[i].code, dmas[i].what);
  }
  /* a reshape that changes the minor dimension, or splits a word's rows */
  refused("module {\n  func.func @main(%a: memref<2x8xi32, " V ">) " KATTRS " {\n"
          "    %w = tpu.memref_bitcast %a : memref<2x8xi32, " V "> -> memref<4x8xbf16, " V ">\n"
          "    %r = tpu.memref_reshape %w : memref<4x8xbf16, " V "> -> memref<8x4xbf16, " V "> loc(\"p.py\":5:5)\n"
          "    return\n  }\n}\n", TSR_ERR_UNSUPPORTED, "op tpu.memref_reshape at p.py:5:5: a reshape of a packed view must keep its minor dimension (8)");
  refused("module {\n  func.func @main(%a: memref<2x8xi32, " V ">) " KATTRS " {\n"
          "    %w = tpu.memref_bitcast %a : memref<2x8xi32, " V "> -> memref<4x8xbf16, " V ">\n"
          "    %r = tpu.memref_reshape %w : memref<4x8xbf16, " V "> -> memref<4x1x8xbf16, " V "> loc(\"p.py\":6:6)\n"
          "    return\n  }\n}\n", TSR_ERR_INVALID, "op tpu.memref_reshape at p.py:6:6: a reshape of a packed view to 1 rows splits its 2-row words");
  /* a squeeze of one narrow row of words (a field of each word), or of the minor dimension */
  refused("module {\n  func.func @main(%a: memref<1x8xi32, " V ">) " KATTRS " {\n"
          "    %i0 = arith.constant 0 : i32\n"
          "    %w = tpu.memref_bitcast %a : memref<1x8xi32, " V "> -> memref<2x8xbf16, " V ">\n"
          "    %s = tpu.memref_slice %w[%i0, %i0] : memref<2x8xbf16, " V "> -> memref<1x8xbf16, " V ">\n"
          "    %q = tpu.memref_squeeze %s : memref<1x8xbf16, " V "> -> memref<8xbf16, " V "> loc(\"p.py\":8:8)\n"
          "    return\n  }\n}\n", TSR_ERR_UNSUPPORTED,
          "op tpu.memref_squeeze at p.py:8:8: a squeeze of a packed view must keep its minor dimension, and a view of narrow "
          "rows over words its rows (a field of a word)");
  refused("module {\n  func.func @main(%a: memref<2x1xbf16, " V ">) " KATTRS " {\n"
          "    %w = tpu.memref_bitcast %a : memref<2x1xbf16, " V "> -> memref<1x1xi32, " V ">\n"
          "    %q = tpu.memref_squeeze %w : memref<1x1xi32, " V "> -> memref<i32, " V "> loc(\"p.py\":4:4)\n"
          "    return\n  }\n}\n", TSR_ERR_UNSUPPORTED, "op tpu.memref_squeeze at p.py:4:4: a squeeze of a packed view must keep its minor dimension");
  /* a bitcast of a view whose rows do not come out even at the new width */
  refused("module {\n  func.func @main(%a: memref<2x8xi32, " V ">) " KATTRS " {\n"
          "    %w = tpu.memref_bitcast %a : memref<2x8xi32, " V "> -> memref<4x8xbf16, " V ">\n"
          "    %b = tpu.memref_bitcast %w : memref<4x8xbf16, " V "> -> memref<3x8xi32, " V "> loc(\"p.py\":7:7)\n"
          "    return\n  }\n}\n", TSR_ERR_INVALID, "op tpu.memref_bitcast at p.py:7:7: 2 rows of 32-bit memory are not 3 rows of i32");
  tsr_mlir_module *m = NULL;
  tsr_mosaic_kernel *k = NULL;
  /* rows that do not pack: 3 bf16 rows cannot make 2 word rows */
  const char *odd = "module {\n  func.func @main(%a: memref<3x8xbf16, " V ">) " KATTRS " {\n"
                    "    %w = tpu.memref_bitcast %a : memref<3x8xbf16, " V "> -> memref<2x8xi32, " V "> loc(\"p.py\":9:9)\n    return\n  }\n}\n";
  CHECK_OK(tsr_mlir_parse_text(odd, strlen(odd), "p.mlir", &m));
  CHECK_FAILS(tsr_mosaic_kernel_create(m, &k), TSR_ERR_INVALID, "op tpu.memref_bitcast at p.py:9:9: 3 rows of bf16 do not pack into 2 rows of i32");
  tsr_mlir_module_destroy(m);
}

/* The word of int4 rows 8r..8r+7 at lane l of a [rows][8] array (a byte an element), row 8r
 * in the lowest nibble: written down independently of the engine's field copy. */
static uint32_t int4_word(const int8_t (*a)[8], int r, int l) {
  uint32_t w = 0;
  for (int k = 0; k < 8; k++) w |= (uint32_t)(a[8 * r + k][l] & 15) << (4 * k);
  return w;
}

/* Field k of word w, sign-extended as host int4 arrays hold it. */
static int8_t int4_field(uint32_t w, int k) {
  int v = (int)(w >> (4 * k) & 15);
  return (int8_t)(v >= 8 ? v - 16 : v);
}

/* DMAs of int4 memory seen as words move 4-bit fields bit for bit, both ways, through slices
 * of the view, and with waits whose descriptors count the words (a plain i32 descriptor
 * waits for a copy into a view of int4 memory); i32 words seen as int4 rows move to int4
 * memory and back; a plain int4 DMA of rows that start and end mid-word moves those rows. */
static void test_dma_int4(void) {
  int8_t a[24][8];
  for (int r = 0; r < 24; r++)
    for (int l = 0; l < 8; l++) a[r][l] = (int8_t)((r * 3 + l * 5 + r * l) % 16 - 8);
  /* word rows [1, 3) of int4 rows 24x8 seen as 3x8 words, into words */
  const char *out =
      "module {\n  func.func @main(%a: memref<24x8xi4, " V ">, %o: memref<2x8xi32, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %i0 = arith.constant 0 : i32\n    %i1 = arith.constant 1 : i32\n"
      "    %w = tpu.memref_bitcast %a : memref<24x8xi4, " V "> -> memref<3x8xi32, " V ">\n"
      "    %v = tpu.memref_slice %w[%i1, %i0] : memref<3x8xi32, " V "> -> memref<2x8xi32, " V ">\n"
      "    tpu.enqueue_dma source(%v : memref<2x8xi32, " V ">) target(%o : memref<2x8xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%v : memref<2x8xi32, " V ">) dst(%o : memref<2x8xi32, " V ">)\n"
      "    return\n  }\n}\n";
  uint32_t w[2][8];
  CHECK_OK(run1(out, a, TSR_I4, 24, 8, w, TSR_U32, 2, 8));
  int bad = 0;
  for (int r = 0; r < 2; r++)
    for (int l = 0; l < 8; l++) bad += w[r][l] != int4_word(a, r + 1, l);
  CHECK_EQ_INT(bad, 0);
  CHECK(w[0][0] == int4_word(a, 1, 0) && (w[0][0] & 15) == (uint32_t)(a[8][0] & 15)); /* row 8 in the lowest nibble */

  /* words into word rows [1, 3) of an int4 array seen as words (rows 0..7, not written, are
   * the output's poison); the wait's descriptor is the plain i32 source, as ragged scatter
   * waits */
  const char *in =
      "module {\n  func.func @main(%a: memref<2x8xi32, " V ">, %o: memref<24x8xi4, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %i0 = arith.constant 0 : i32\n    %i1 = arith.constant 1 : i32\n"
      "    %w = tpu.memref_bitcast %o : memref<24x8xi4, " V "> -> memref<3x8xi32, " V ">\n"
      "    %v = tpu.memref_slice %w[%i1, %i0] : memref<3x8xi32, " V "> -> memref<2x8xi32, " V ">\n"
      "    tpu.enqueue_dma source(%a : memref<2x8xi32, " V ">) target(%v : memref<2x8xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%a : memref<2x8xi32, " V ">) dst(%a : memref<2x8xi32, " V ">)\n"
      "    return\n  }\n}\n";
  uint32_t words[2][8];
  for (int r = 0; r < 2; r++)
    for (int l = 0; l < 8; l++) words[r][l] = 0x9E3779B9u * (uint32_t)(r * 8 + l + 1);
  int8_t back[24][8];
  CHECK_OK(run1(in, words, TSR_U32, 2, 8, back, TSR_I4, 24, 8));
  bad = 0;
  for (int r = 8; r < 24; r++)
    for (int l = 0; l < 8; l++) bad += back[r][l] != int4_field(words[r / 8 - 1][l], r % 8);
  CHECK_EQ_INT(bad, 0);

  /* i32 words seen as int4 rows: rows [8, 16) (word row 1) into int4 memory, and int4 memory
   * into all the rows of words seen so */
  const char *rows_out =
      "module {\n  func.func @main(%a: memref<2x8xi32, " V ">, %o: memref<8x8xi4, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %i0 = arith.constant 0 : i32\n    %i8 = arith.constant 8 : i32\n"
      "    %n = tpu.memref_bitcast %a : memref<2x8xi32, " V "> -> memref<16x8xi4, " V ">\n"
      "    %v = tpu.memref_slice %n[%i8, %i0] : memref<16x8xi4, " V "> -> memref<8x8xi4, " V ">\n"
      "    tpu.enqueue_dma source(%v : memref<8x8xi4, " V ">) target(%o : memref<8x8xi4, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%v : memref<8x8xi4, " V ">) dst(%o : memref<8x8xi4, " V ">)\n"
      "    return\n  }\n}\n";
  int8_t f[8][8];
  CHECK_OK(run1(rows_out, words, TSR_U32, 2, 8, f, TSR_I4, 8, 8));
  bad = 0;
  for (int r = 0; r < 8; r++)
    for (int l = 0; l < 8; l++) bad += f[r][l] != int4_field(words[1][l], r);
  CHECK_EQ_INT(bad, 0);
  const char *rows_in =
      "module {\n  func.func @main(%a: memref<16x8xi4, " V ">, %o: memref<2x8xi32, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %n = tpu.memref_bitcast %o : memref<2x8xi32, " V "> -> memref<16x8xi4, " V ">\n"
      "    tpu.enqueue_dma source(%a : memref<16x8xi4, " V ">) target(%n : memref<16x8xi4, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%a : memref<16x8xi4, " V ">) dst(%n : memref<16x8xi4, " V ">)\n"
      "    return\n  }\n}\n";
  CHECK_OK(run1(rows_in, a, TSR_I4, 16, 8, w, TSR_U32, 2, 8));
  bad = 0;
  for (int r = 0; r < 2; r++)
    for (int l = 0; l < 8; l++) bad += w[r][l] != int4_word(a, r, l);
  CHECK_EQ_INT(bad, 0);

  /* plain int4 memory: rows [3, 11), starting and ending inside a word's rows */
  const char *mid =
      "module {\n  func.func @main(%a: memref<24x8xi4, " V ">, %o: memref<8x8xi4, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %i0 = arith.constant 0 : i32\n    %i3 = arith.constant 3 : i32\n"
      "    %v = tpu.memref_slice %a[%i3, %i0] : memref<24x8xi4, " V "> -> memref<8x8xi4, " V ">\n"
      "    tpu.enqueue_dma source(%v : memref<8x8xi4, " V ">) target(%o : memref<8x8xi4, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%v : memref<8x8xi4, " V ">) dst(%o : memref<8x8xi4, " V ">)\n"
      "    return\n  }\n}\n";
  CHECK_OK(run1(mid, a, TSR_I4, 24, 8, f, TSR_I4, 8, 8));
  CHECK(memcmp(f, a[3], sizeof f) == 0);
}

/* A view of words squeezed to one word row (`x.bitcast(jnp.uint32).at[i]`, ragged scatter's
 * DMAs): a vector of words, bf16 rows 2i and 2i+1 (int4 rows 8i..8i+7) under it, moved by
 * DMA both ways, sliced and loaded. */
static void test_word_row(void) {
  uint16_t a[4][8];
  for (int r = 0; r < 4; r++)
    for (int l = 0; l < 8; l++) a[r][l] = (uint16_t)(0x3F00 + r * 16 + l);
  const char *out =
      "module {\n  func.func @main(%a: memref<4x8xbf16, " V ">, %o: memref<1x8xi32, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %i0 = arith.constant 0 : i32\n    %i1 = arith.constant 1 : i32\n"
      "    %w = tpu.memref_bitcast %a : memref<4x8xbf16, " V "> -> memref<2x8xi32, " V ">\n"
      "    %r = tpu.memref_slice %w[%i1, %i0] : memref<2x8xi32, " V "> -> memref<1x8xi32, " V ">\n"
      "    %q = tpu.memref_squeeze %r : memref<1x8xi32, " V "> -> memref<8xi32, " V ">\n"
      "    %d = tpu.memref_squeeze %o : memref<1x8xi32, " V "> -> memref<8xi32, " V ">\n"
      "    tpu.enqueue_dma source(%q : memref<8xi32, " V ">) target(%d : memref<8xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%q : memref<8xi32, " V ">) dst(%d : memref<8xi32, " V ">)\n"
      "    return\n  }\n}\n";
  uint32_t w[1][8];
  CHECK_OK(run1(out, a, TSR_BF16, 4, 8, w, TSR_U32, 1, 8));
  int bad = 0;
  for (int l = 0; l < 8; l++) bad += w[0][l] != ((uint32_t)a[3][l] << 16 | a[2][l]);
  CHECK_EQ_INT(bad, 0);

  /* into word row 0 of a bf16 array, lanes [4, 8) only (a slice of the row): rows 0 and 1
   * there; the wait names the view */
  const char *in =
      "module {\n  func.func @main(%a: memref<1x8xi32, " V ">, %o: memref<4x8xbf16, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %i0 = arith.constant 0 : i32\n    %i4 = arith.constant 4 : i32\n"
      "    %w = tpu.memref_bitcast %o : memref<4x8xbf16, " V "> -> memref<2x8xi32, " V ">\n"
      "    %r = tpu.memref_slice %w[%i0, %i0] : memref<2x8xi32, " V "> -> memref<1x8xi32, " V ">\n"
      "    %q = tpu.memref_squeeze %r : memref<1x8xi32, " V "> -> memref<8xi32, " V ">\n"
      "    %h = tpu.memref_slice %q[%i4] : memref<8xi32, " V "> -> memref<4xi32, " V ">\n"
      "    %sa = tpu.memref_slice %a[%i0, %i0] : memref<1x8xi32, " V "> -> memref<1x4xi32, " V ">\n"
      "    %d = tpu.memref_squeeze %sa : memref<1x4xi32, " V "> -> memref<4xi32, " V ">\n"
      "    tpu.enqueue_dma source(%d : memref<4xi32, " V ">) target(%h : memref<4xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%d : memref<4xi32, " V ">) dst(%h : memref<4xi32, " V ">)\n"
      "    return\n  }\n}\n";
  uint32_t words[1][8];
  for (int l = 0; l < 8; l++) words[0][l] = 0xC0000000u | (uint32_t)(0x4100 + l) | (uint32_t)l << 16;
  uint16_t back[4][8];
  CHECK_OK(run1(in, words, TSR_U32, 1, 8, back, TSR_BF16, 4, 8));
  bad = 0;
  for (int r = 0; r < 2; r++)
    for (int l = 4; l < 8; l++) bad += back[r][l] != (uint16_t)(r == 0 ? words[0][l - 4] : words[0][l - 4] >> 16);
  CHECK_EQ_INT(bad, 0);

  /* int4: word row 1 of int4 rows 16x8 by DMA, and loaded as a vector of words */
  int8_t q[16][8];
  for (int r = 0; r < 16; r++)
    for (int l = 0; l < 8; l++) q[r][l] = (int8_t)((r * 7 + l * 3) % 16 - 8);
  const char *i4 =
      "module {\n  func.func @main(%a: memref<16x8xi4, " V ">, %o: memref<2x8xi32, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
      "    %i0 = arith.constant 0 : i32\n    %i1 = arith.constant 1 : i32\n"
      "    %w = tpu.memref_bitcast %a : memref<16x8xi4, " V "> -> memref<2x8xi32, " V ">\n"
      "    %r = tpu.memref_slice %w[%i1, %i0] : memref<2x8xi32, " V "> -> memref<1x8xi32, " V ">\n"
      "    %q = tpu.memref_squeeze %r : memref<1x8xi32, " V "> -> memref<8xi32, " V ">\n"
      "    %or = tpu.memref_slice %o[%i0, %i0] : memref<2x8xi32, " V "> -> memref<1x8xi32, " V ">\n"
      "    %d = tpu.memref_squeeze %or : memref<1x8xi32, " V "> -> memref<8xi32, " V ">\n"
      "    tpu.enqueue_dma source(%q : memref<8xi32, " V ">) target(%d : memref<8xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%q : memref<8xi32, " V ">) dst(%d : memref<8xi32, " V ">)\n"
      "    %v = vector.load %q[%c0] : memref<8xi32, " V ">, vector<8xi32>\n"
      "    %v2 = vector.shape_cast %v : vector<8xi32> to vector<1x8xi32>\n"
      "    vector.store %v2, %o[%c1, %c0] : memref<2x8xi32, " V ">, vector<1x8xi32>\n"
      "    return\n  }\n}\n";
  uint32_t o[2][8];
  CHECK_OK(run1(i4, q, TSR_I4, 16, 8, o, TSR_U32, 2, 8));
  bad = 0;
  for (int l = 0; l < 8; l++) bad += (o[0][l] != int4_word(q, 1, l)) + (o[1][l] != int4_word(q, 1, l));
  CHECK_EQ_INT(bad, 0);
}

/* int4 and float8 memory: a byte an element (int4 sign-extended, as ml_dtypes stores it); an
 * int4 memref seen as words packs 8 rows a word; float8 stores round to nearest even. */

/* A kernel that rounds a 1x4 f32 row to float8 type `elem` (arith.truncf) and stores it. */
static void truncf_module(char *buf, size_t cap, const char *elem) {
  snprintf(buf, cap,
           "module {\n  func.func @main(%%a: memref<1x4xf32, " V ">, %%o: memref<1x4x%s, " V ">) " KATTRS " {\n"
           "    %%c0 = arith.constant 0 : index\n"
           "    %%v = vector.load %%a[%%c0, %%c0] : memref<1x4xf32, " V ">, vector<1x4xf32>\n"
           "    %%t = arith.truncf %%v : vector<1x4xf32> to vector<1x4x%s>\n"
           "    vector.store %%t, %%o[%%c0, %%c0] : memref<1x4x%s, " V ">, vector<1x4x%s>\n    return\n  }\n}\n",
           elem, elem, elem, elem);
}
static void test_narrow_memory(void) {
  int8_t q[16][2];
  uint32_t w[2][2];
  for (int r = 0; r < 16; r++) q[r][0] = (int8_t)(r % 8 - (r >= 8 ? 8 : 0)), q[r][1] = (int8_t)(r & 1 ? -1 : 7);
  const char *load =
      "module {\n  func.func @main(%a: memref<16x2xi4, " V ">, %o: memref<2x2xi32, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %w = tpu.memref_bitcast %a : memref<16x2xi4, " V "> -> memref<2x2xi32, " V ">\n"
      "    %v = vector.load %w[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n    return\n  }\n}\n";
  CHECK_OK(run1(load, q, TSR_I4, 16, 2, w, TSR_U32, 2, 2));
  CHECK(w[0][0] == 0x76543210u); /* rows 0..7: 0..7, row 0 in the lowest nibble */
  CHECK(w[1][0] == 0xFEDCBA98u); /* rows 8..15: -8..-1 */
  CHECK(w[0][1] == 0xF7F7F7F7u && w[1][1] == 0xF7F7F7F7u);
  /* words stored back through the view give sign-extended bytes */
  const char *store =
      "module {\n  func.func @main(%a: memref<2x2xi32, " V ">, %o: memref<16x2xi4, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %v = vector.load %a[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n"
      "    %w = tpu.memref_bitcast %o : memref<16x2xi4, " V "> -> memref<2x2xi32, " V ">\n"
      "    vector.store %v, %w[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n    return\n  }\n}\n";
  uint32_t in[2][2] = {{0x89ABCDEFu, 0x01234567u}, {0x0000000Fu, 0x80000000u}};
  int8_t back[16][2];
  CHECK_OK(run1(store, in, TSR_U32, 2, 2, back, TSR_I4, 16, 2));
  CHECK(back[0][0] == -1 && back[1][0] == -2 && back[7][0] == -8 && back[0][1] == 7 && back[7][1] == 0);
  CHECK(back[8][0] == -1 && back[9][0] == 0 && back[15][1] == -8);
  /* float8 stores from f32 values: 1.0, 464 (ties to 448), 0.3 (0.3125), 1e-3 (2^-9) */
  float f[1][4] = {{1.0f, 464.0f, 0.3f, 1e-3f}};
  uint8_t b8[1][4];
  char f8[1024];
  truncf_module(f8, sizeof f8, "f8E4M3FN");
  CHECK_OK(run1(f8, f, TSR_F32, 1, 4, b8, TSR_F8E4M3FN, 1, 4));
  CHECK(b8[0][0] == 0x38 && b8[0][1] == 0x7E && b8[0][2] == 0x2A && b8[0][3] == 0x01);
  /* the same values as e4m3b11fnuz (ml_dtypes' bytes): 31 is past its largest, 30 */
  float f11[1][4] = {{1.0f, 31.0f, 0.3f, 1e-3f}};
  truncf_module(f8, sizeof f8, "f8E4M3B11FNUZ");
  CHECK_OK(run1(f8, f11, TSR_F32, 1, 4, b8, TSR_F8E4M3B11FNUZ, 1, 4));
  CHECK(b8[0][0] == 88 && b8[0][1] == 128 && b8[0][2] == 74 && b8[0][3] == 8);
  /* and as e8m0fnu, the nearer power of two: 1, 4 (3 is halfway: up), 0.25, 2^-10 */
  float fe8[1][4] = {{1.0f, 3.0f, 0.3f, 1e-3f}};
  truncf_module(f8, sizeof f8, "f8E8M0FNU");
  CHECK_OK(run1(f8, fe8, TSR_F32, 1, 4, b8, TSR_F8E8M0FNU, 1, 4));
  CHECK(b8[0][0] == 127 && b8[0][1] == 129 && b8[0][2] == 125 && b8[0][3] == 117);
  /* the dtypes by name */
  tsr_dtype t;
  CHECK(tsr_dtype_parse("float8_e4m3fn", &t) && t == TSR_F8E4M3FN && tsr_dtype_size(t) == 1 && tsr_dtype_is_float(t));
  CHECK(tsr_dtype_parse("f8e5m2", &t) && t == TSR_F8E5M2);
  CHECK(tsr_dtype_parse("int4", &t) && t == TSR_I4 && !strcmp(tsr_dtype_name(t), "i4") && tsr_dtype_is_signed(t));
}

/* float8 formats against the bytes ml_dtypes gives (float8_e4m3fn, float8_e5m2): rounding to
 * nearest even, e4m3fn's NaN past 448, e5m2's infinity, subnormals. */
static void test_float8(void) {
  static const float x[] = {448, 464, 480, 1000, 57344, 61440, 65536, 1e-3f, 0x1p-10f, 0x1.8p-9f, -0.0f, INFINITY, NAN, 0.3f};
  static const uint8_t e4[] = {126, 126, 127, 127, 127, 127, 127, 1, 0, 2, 128, 127, 127, 42};
  static const uint8_t e5[] = {95, 95, 96, 100, 123, 124, 124, 20, 20, 26, 128, 124, 126, 53};
  int bad = 0;
  for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) {
    bad += tsr_f32_to_f8e4m3fn(x[i]) != e4[i];
    bad += tsr_f32_to_f8e5m2(x[i]) != e5[i];
    if (tsr_f32_to_f8e4m3fn(x[i]) != e4[i] || tsr_f32_to_f8e5m2(x[i]) != e5[i])
      fprintf(stderr, "  f8 of %g: e4m3fn %u (want %u), e5m2 %u (want %u)\n", (double)x[i], tsr_f32_to_f8e4m3fn(x[i]), e4[i],
              tsr_f32_to_f8e5m2(x[i]), e5[i]);
  }
  CHECK(bad == 0);
  /* e4m3b11fnuz (ml_dtypes.float8_e4m3b11fnuz): 30 is the largest, what rounds past it and
   * infinities are NaN (0x80), zero has no sign (-0 and what rounds to it are 0x00) */
  static const float y[] = {30, 31, 32, 29, 1000, 1e-3f, 0x1p-13f, 0x1.8p-13f, 0x1p-14f, -0.0f, INFINITY, -INFINITY, NAN,
                            0.3f, -2.5f, 0x1p-10f, -0x1p-15f};
  static const uint8_t b11[] = {127, 128, 128, 126, 128, 8, 1, 2, 0, 0, 128, 128, 128, 74, 226, 8, 0};
  for (size_t i = 0; i < sizeof y / sizeof y[0]; i++) {
    bad += tsr_f32_to_f8e4m3b11fnuz(y[i]) != b11[i];
    if (tsr_f32_to_f8e4m3b11fnuz(y[i]) != b11[i])
      fprintf(stderr, "  f8 of %g: e4m3b11fnuz %u (want %u)\n", (double)y[i], tsr_f32_to_f8e4m3b11fnuz(y[i]), b11[i]);
  }
  CHECK(bad == 0);
  CHECK(isnan(tsr_f8e4m3b11fnuz_to_f32(0x80)) && tsr_f8e4m3b11fnuz_to_f32(0x7F) == 30.0f &&
        tsr_f8e4m3b11fnuz_to_f32(0x01) == 0x1p-13f && tsr_f8e4m3b11fnuz_to_f32(0xE2) == -2.5f &&
        tsr_f8e4m3b11fnuz_to_f32(0x88) == -0x1p-10f);
  /* e8m0fnu (ml_dtypes.float8_e8m0fnu): powers of two 2^-127 .. 2^127; halfway rounds up (3 to
   * 4, 0.75 to 1, 1.5 * 2^-127 to 2^-126); below 2^-127 is 2^-127; zero, negatives, infinities
   * and what rounds past 2^127 are NaN (0xFF) */
  static const float z[] = {1, 1.5f, 3, 0.75f, 6, 1.4999f, 1.5001f, 0.3f, 0x1p-127f, 0x1p-128f, 0x1.8p-127f, 1e-40f,
                            0x1p127f, 0x1.cp127f, 0.0f, -0.0f, -1, INFINITY, NAN};
  static const uint8_t e8[] = {127, 128, 129, 127, 130, 127, 128, 125, 0, 0, 1, 0, 254, 255, 255, 255, 255, 255, 255};
  for (size_t i = 0; i < sizeof z / sizeof z[0]; i++) {
    bad += tsr_f32_to_f8e8m0fnu(z[i]) != e8[i];
    if (tsr_f32_to_f8e8m0fnu(z[i]) != e8[i])
      fprintf(stderr, "  f8 of %g: e8m0fnu %u (want %u)\n", (double)z[i], tsr_f32_to_f8e8m0fnu(z[i]), e8[i]);
  }
  CHECK(bad == 0);
  CHECK(isnan(tsr_f8e8m0fnu_to_f32(0xFF)) && tsr_f8e8m0fnu_to_f32(0) == 0x1p-127f && tsr_f8e8m0fnu_to_f32(127) == 1.0f &&
        tsr_f8e8m0fnu_to_f32(254) == 0x1p127f);
  tsr_dtype t;
  CHECK(tsr_dtype_parse("float8_e8m0fnu", &t) && t == TSR_F8E8M0FNU && tsr_dtype_size(t) == 1 && tsr_dtype_is_float(t));
  CHECK(tsr_dtype_parse("float8_e4m3b11fnuz", &t) && t == TSR_F8E4M3B11FNUZ && tsr_dtype_size(t) == 1 && tsr_dtype_is_float(t));
  /* every byte decodes to a value that encodes back to it (NaNs to the NaN pattern) */
  bad = 0;
  for (int b = 0; b < 256; b++) {
    float f4 = tsr_f8e4m3fn_to_f32((uint8_t)b), f5 = tsr_f8e5m2_to_f32((uint8_t)b);
    bad += f4 == f4 ? tsr_f32_to_f8e4m3fn(f4) != b : (b & 0x7F) != 0x7F;
    bad += f5 == f5 ? tsr_f32_to_f8e5m2(f5) != b : (b & 0x7C) != 0x7C;
    float fb = tsr_f8e4m3b11fnuz_to_f32((uint8_t)b);
    bad += fb == fb ? tsr_f32_to_f8e4m3b11fnuz(fb) != b : b != 0x80;
    float fe = tsr_f8e8m0fnu_to_f32((uint8_t)b);
    bad += fe == fe ? tsr_f32_to_f8e8m0fnu(fe) != b : b != 0xFF;
  }
  CHECK(bad == 0);
  CHECK(tsr_f8e4m3fn_to_f32(0x7E) == 448.0f && tsr_f8e4m3fn_to_f32(0x01) == 0x1p-9f && tsr_f8e5m2_to_f32(0x7B) == 57344.0f);
  CHECK(tsr_f8e5m2_to_f32(0xFC) == -INFINITY && tsr_f8e5m2_to_f32(0x01) == 0x1p-16f);
}

/* float4_e2m1fn: the 16 codes' values (the OCP MX format's table: sign, 2 exponent bits of
 * bias 1, 1 mantissa bit), rounding to nearest even with saturation at 6 against the codes
 * ml_dtypes.float4_e2m1fn gives, the name, and TPU memory: eight codes a 32-bit word, row 8r
 * in the lowest nibble of word row r, the code as it is (no sign extension), by load, store,
 * DMA and an in-kernel truncf. */
static void test_float4(void) {
  static const float value[16] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6, -0.0f, -0.5f, -1, -1.5f, -2, -3, -4, -6};
  int bad = 0;
  for (int c = 0; c < 16; c++) {
    float v = tsr_f4e2m1fn_to_f32((uint8_t)c);
    bad += v != value[c] || signbit(v) != signbit(value[c]) || tsr_f32_to_f4e2m1fn(value[c]) != c;
  }
  CHECK_EQ_INT(bad, 0);
  static const float x[] = {0.25f, 0.2500001f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5, 5.0001f, 6.5f, 100, INFINITY, -INFINITY,
                            -0.25f, -7, 1e-40f, -1e-40f, -0.0f, 0.7499999f, 2.9999f};
  static const uint8_t code[] = {0, 1, 2, 2, 4, 4, 6, 6, 7, 7, 7, 7, 15, 8, 15, 0, 8, 8, 1, 5}; /* ml_dtypes 0.6.0 */
  for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) {
    bad += tsr_f32_to_f4e2m1fn(x[i]) != code[i];
    if (tsr_f32_to_f4e2m1fn(x[i]) != code[i])
      fprintf(stderr, "  f4 of %g: %u (want %u)\n", (double)x[i], tsr_f32_to_f4e2m1fn(x[i]), code[i]);
  }
  CHECK_EQ_INT(bad, 0);
  CHECK(tsr_f32_to_f4e2m1fn(NAN) == 8 && tsr_f32_to_f4e2m1fn(-NAN) == 8); /* no NaN: -0, as XLA converts */
  tsr_dtype t;
  CHECK(tsr_dtype_parse("float4_e2m1fn", &t) && t == TSR_F4E2M1FN && tsr_dtype_size(t) == 1 && tsr_dtype_is_float(t) &&
        !strcmp(tsr_dtype_name(t), "f4e2m1fn"));
  /* memory: codes 16x2, column 0 counting 0..15, column 1 alternating 7 (6.0) and 9 (-0.5) */
  uint8_t q[16][2];
  for (int r = 0; r < 16; r++) q[r][0] = (uint8_t)r, q[r][1] = (uint8_t)(r & 1 ? 9 : 7);
  const char *load =
      "module {\n  func.func @main(%a: memref<16x2xf4E2M1FN, " V ">, %o: memref<2x2xi32, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %w = tpu.memref_bitcast %a : memref<16x2xf4E2M1FN, " V "> -> memref<2x2xi32, " V ">\n"
      "    %v = vector.load %w[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n"
      "    vector.store %v, %o[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n    return\n  }\n}\n";
  uint32_t w[2][2];
  CHECK_OK(run1(load, q, TSR_F4E2M1FN, 16, 2, w, TSR_U32, 2, 2));
  CHECK(w[0][0] == 0x76543210u && w[1][0] == 0xFEDCBA98u && w[0][1] == 0x97979797u && w[1][1] == 0x97979797u);
  const char *store =
      "module {\n  func.func @main(%a: memref<2x2xi32, " V ">, %o: memref<16x2xf4E2M1FN, " V ">) " KATTRS " {\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %v = vector.load %a[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n"
      "    %w = tpu.memref_bitcast %o : memref<16x2xf4E2M1FN, " V "> -> memref<2x2xi32, " V ">\n"
      "    vector.store %v, %w[%c0, %c0] : memref<2x2xi32, " V ">, vector<2x2xi32>\n    return\n  }\n}\n";
  uint32_t in[2][2] = {{0x89ABCDEFu, 0x01234567u}, {0x0000000Fu, 0x80000000u}};
  uint8_t back[16][2];
  CHECK_OK(run1(store, in, TSR_U32, 2, 2, back, TSR_F4E2M1FN, 16, 2));
  bad = 0;
  for (int r = 0; r < 16; r++)
    for (int l = 0; l < 2; l++) bad += back[r][l] != (in[r / 8][l] >> (4 * (r % 8)) & 15);
  CHECK_EQ_INT(bad, 0);
  /* a DMA of the codes seen as words into i32 memory, and of words into the codes' rows */
  const char *dma_out =
      "module {\n  func.func @main(%a: memref<16x2xf4E2M1FN, " V ">, %o: memref<2x2xi32, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %w = tpu.memref_bitcast %a : memref<16x2xf4E2M1FN, " V "> -> memref<2x2xi32, " V ">\n"
      "    tpu.enqueue_dma source(%w : memref<2x2xi32, " V ">) target(%o : memref<2x2xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%w : memref<2x2xi32, " V ">) dst(%o : memref<2x2xi32, " V ">)\n"
      "    return\n  }\n}\n";
  memset(w, 0, sizeof w);
  CHECK_OK(run1(dma_out, q, TSR_F4E2M1FN, 16, 2, w, TSR_U32, 2, 2));
  CHECK(w[0][0] == 0x76543210u && w[1][0] == 0xFEDCBA98u && w[0][1] == 0x97979797u);
  const char *dma_in =
      "module {\n  func.func @main(%a: memref<2x2xi32, " V ">, %o: memref<16x2xf4E2M1FN, " V ">, %s: " SEM ") " DMA_ATTRS " {\n"
      "    %w = tpu.memref_bitcast %o : memref<16x2xf4E2M1FN, " V "> -> memref<2x2xi32, " V ">\n"
      "    tpu.enqueue_dma source(%a : memref<2x2xi32, " V ">) target(%w : memref<2x2xi32, " V ">) target_semaphore(%s : " SEM ")\n"
      "    tpu.wait_dma2 semaphore(%s : " SEM ") src(%a : memref<2x2xi32, " V ">) dst(%w : memref<2x2xi32, " V ">)\n"
      "    return\n  }\n}\n";
  memset(back, 0xEE, sizeof back);
  CHECK_OK(run1(dma_in, in, TSR_U32, 2, 2, back, TSR_F4E2M1FN, 16, 2));
  bad = 0;
  for (int r = 0; r < 16; r++)
    for (int l = 0; l < 2; l++) bad += back[r][l] != (in[r / 8][l] >> (4 * (r % 8)) & 15);
  CHECK_EQ_INT(bad, 0);
  /* truncf in a kernel: 1.25 (ties to 1.0), 5 (ties to 4), 100 (saturates), -0.3 (-0.5) */
  float f[1][4] = {{1.25f, 5.0f, 100.0f, -0.3f}};
  uint8_t b4[1][4];
  char text[1024];
  truncf_module(text, sizeof text, "f4E2M1FN");
  CHECK_OK(run1(text, f, TSR_F32, 1, 4, b4, TSR_F4E2M1FN, 1, 4));
  CHECK(b4[0][0] == 2 && b4[0][1] == 6 && b4[0][2] == 7 && b4[0][3] == 9);
}

int main(void) {
  if (tsr_machine_create(&(tsr_machine_options){.num_cores = 1, .quiet = true}, &M) != TSR_OK) return 1;
  test_bf16_pairs();
  test_int8_quads();
  test_words_as_rows();
  test_squeeze_packed();
  test_dma_words();
  test_dma_int4();
  test_word_row();
  test_view_chain();
  test_refused();
  test_narrow_memory();
  test_float8();
  test_float4();
  tsr_machine_destroy(M);
  return tsr_test_finish("test_packed");
}
