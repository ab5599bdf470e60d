/* Core types: dtypes, 16-bit float conversions, refs and their views, error messages. */
#include "harness.h"
#include "tessera/core.h"

static void test_dtypes(void) {
  CHECK_EQ_INT(tsr_dtype_size(TSR_F32), 4);
  CHECK_EQ_INT(tsr_dtype_size(TSR_BF16), 2);
  CHECK_EQ_INT(tsr_dtype_size(TSR_I8), 1);
  CHECK_EQ_INT(tsr_dtype_size(TSR_BOOL), 4); /* bool is stored as i32, as Pallas does */
  tsr_dtype t;
  CHECK(tsr_dtype_parse("bfloat16", &t) && t == TSR_BF16);
  CHECK(tsr_dtype_parse("u8", &t) && t == TSR_U8);
  CHECK(tsr_dtype_parse("complex64", &t) && t == TSR_C64 && tsr_dtype_size(t) == 8 && tsr_dtype_is_complex(t));
  CHECK(tsr_dtype_parse("c128", &t) && t == TSR_C128 && !tsr_dtype_is_float(t));
  CHECK(!tsr_dtype_parse("complex256", &t));
  CHECK_OK(tsr_dtype_check_tpu(TSR_BF16, "x"));
  CHECK_FAILS(tsr_dtype_check_tpu(TSR_F64, "input 0"), TSR_ERR_UNSUPPORTED, "input 0: dtype f64");
  CHECK_FAILS(tsr_dtype_check_tpu(TSR_I64, "y"), TSR_ERR_UNSUPPORTED, "i64");
}

static void test_half_floats(void) {
  /* bf16: exact values, round to nearest even, NaN stays NaN. */
  CHECK(tsr_f32_to_bf16(1.0f) == 0x3f80);
  CHECK(tsr_bf16_to_f32(0x3f80) == 1.0f);
  CHECK(tsr_f32_to_bf16(1.00390625f) == 0x3f80);  /* exactly halfway, even stays */
  CHECK(tsr_f32_to_bf16(1.01171875f) == 0x3f82);  /* halfway between 0x3f81 and 0x3f82 -> even */
  CHECK(tsr_f32_to_bf16(-2.0f) == 0xc000);
  CHECK(isnan(tsr_bf16_to_f32(tsr_f32_to_bf16(NAN))));
  CHECK(tsr_f32_to_bf16(INFINITY) == 0x7f80);
  /* f16 */
  CHECK(tsr_f32_to_f16(1.0f) == 0x3c00);
  CHECK(tsr_f32_to_f16(65504.0f) == 0x7bff);
  CHECK(tsr_f32_to_f16(65520.0f) == 0x7c00); /* rounds to inf */
  CHECK(tsr_f16_to_f32(0x0001) == 5.9604644775390625e-8f);
  CHECK(tsr_f32_to_f16(5.9604644775390625e-8f) == 0x0001);
  CHECK(tsr_f32_to_f16(-0.5f) == 0xb800);
  CHECK(isnan(tsr_f16_to_f32(tsr_f32_to_f16(NAN))));
  for (int h = 0; h < 0x7c00; h++) /* every finite positive f16 survives a round trip */
    if (tsr_f32_to_f16(tsr_f16_to_f32((uint16_t)h)) != h) { CHECK(!"f16 round trip"); break; }
}

static void test_refs(void) {
  float data[4 * 6];
  for (int i = 0; i < 24; i++) data[i] = (float)i;
  int64_t shape[2] = {4, 6};
  tsr_ref r = tsr_ref_dense(data, TSR_F32, TSR_HBM, 2, shape);
  CHECK_EQ_INT(tsr_ref_numel(&r), 24);
  CHECK_EQ_INT(tsr_ref_bytes(&r), 96);
  CHECK(tsr_ref_is_contiguous(&r));

  tsr_ref w;
  int64_t st[2] = {1, 2}, sz[2] = {2, 3};
  CHECK_OK(tsr_ref_window(&r, st, sz, &w));
  int64_t idx[2] = {1, 2};
  CHECK(*(float *)tsr_ref_ptr(&w, idx) == 2 * 6 + 4);
  CHECK(!tsr_ref_is_contiguous(&w));
  int64_t bad[2] = {3, 2};
  CHECK_FAILS(tsr_ref_window(&r, bad, sz, &w), TSR_ERR_BOUNDS, "dimension 0");
  /* byte spans: the whole array; the window from element (1, 2) to (2, 4) inclusive; none */
  uintptr_t lo, hi;
  tsr_ref_span(&r, &lo, &hi);
  CHECK(lo == (uintptr_t)data && hi == (uintptr_t)(data + 24));
  tsr_ref_span(&w, &lo, &hi);
  CHECK(lo == (uintptr_t)(data + 1 * 6 + 2) && hi == (uintptr_t)(data + 2 * 6 + 4 + 1));
  tsr_ref empty = tsr_ref_dense(data, TSR_F32, TSR_HBM, 2, (int64_t[]){0, 6});
  tsr_ref_span(&empty, &lo, &hi);
  CHECK(lo == 0 && hi == 0);

  tsr_ref row;
  CHECK_OK(tsr_ref_at(&r, 0, 3, &row));
  CHECK_EQ_INT(row.rank, 1);
  int64_t i1[1] = {5};
  CHECK(*(float *)tsr_ref_ptr(&row, i1) == 23);
  CHECK_FAILS(tsr_ref_at(&r, 0, 4, &row), TSR_ERR_BOUNDS, "out of bounds");

  tsr_ref col;
  CHECK_OK(tsr_ref_at(&r, 1, 2, &col));
  int64_t i2[1] = {3};
  CHECK(*(float *)tsr_ref_ptr(&col, i2) == 20);

  tsr_ref re;
  int64_t s3[3] = {2, 3, 4};
  CHECK_OK(tsr_ref_reshape(&r, 3, s3, &re));
  int64_t i3[3] = {1, 2, 3};
  CHECK(*(float *)tsr_ref_ptr(&re, i3) == 23);
  int64_t s_bad[2] = {5, 5};
  CHECK_FAILS(tsr_ref_reshape(&r, 2, s_bad, &re), TSR_ERR_INVALID, "24 elements");
  CHECK_OK(tsr_ref_window(&r, st, sz, &w));
  CHECK_FAILS(tsr_ref_reshape(&w, 1, (int64_t[]){6}, &re), TSR_ERR_INVALID, "not contiguous");

  tsr_ref bc;
  CHECK_OK(tsr_ref_bitcast(&r, TSR_BF16, &bc));
  CHECK_EQ_INT(bc.shape[1], 12);
  CHECK_EQ_INT(bc.stride[0], 12);
  tsr_ref sq, one;
  CHECK_OK(tsr_ref_slice(&r, 0, 2, 1, &one));
  CHECK_OK(tsr_ref_squeeze(&one, 0, &sq));
  CHECK_EQ_INT(sq.rank, 1);
  CHECK(*(float *)sq.data == 12);
  CHECK_FAILS(tsr_ref_squeeze(&r, 0, &sq), TSR_ERR_INVALID, "not of size 1");

  char buf[64];
  CHECK(strcmp(tsr_ref_describe(&r, buf, sizeof buf), "f32[4,6]") == 0);
}

int main(void) {
  test_dtypes();
  test_half_floats();
  test_refs();
  return tsr_test_finish("test_core");
}
