/* stablehlo.fft: FFT, IFFT (normalized by 1/N), RFFT (real input, the N/2 + 1 non-negative
 * frequencies of the last dimension) and IRFFT (its inverse, from those frequencies, by
 * Hermitian symmetry), over the innermost fft_length dimensions. Computed in double complex
 * (radix 2 for powers of two, a direct DFT with exact twiddle angles otherwise) and rounded once
 * to the result type. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hlo/hlo_internal.h"

enum { FFT_FFT, FFT_IFFT, FFT_RFFT, FFT_IRFFT };

#define TWO_PI 6.283185307179586476925286766559

tsr_status hlo_prep_fft(tsr_hlo_program *p, hlo_inst *in, const hlo_type *args) {
  (void)p;
  static const char *const kinds[] = {"FFT", "IFFT", "RFFT", "IRFFT"};
  const mlir_ir_attr *ft = mlir_ir_op_attr(in->op, "fft_type");
  const char *kw = ft && ft->kind == MLIR_IR_ATTR_ENUM ? ft->u.enm.keyword : NULL;
  in->aux = -1;
  for (int i = 0; kw && i < 4; i++)
    if (!strcmp(kw, kinds[i])) in->aux = i;
  if (in->aux < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "missing or unknown fft_type");
  int64_t len[4];
  int nl = hlo_attr_ints(in->op, "fft_length", len, 4);
  const hlo_type *a = &args[0], *r = in->res_t;
  if (in->n_in != 1 || in->n_out != 1 || nl < 1 || nl > 3 || a->rank < nl || r->rank != a->rank)
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "takes one operand and 1 to 3 fft_length entries, at most its rank");
  in->aux2 = nl;
  bool in_c = tsr_dtype_is_complex(a->dtype), out_c = tsr_dtype_is_complex(r->dtype);
  bool want_in_c = in->aux != FFT_RFFT, want_out_c = in->aux != FFT_IRFFT;
  tsr_dtype part = a->dtype == TSR_C64 || a->dtype == TSR_F32 ? TSR_F32 : TSR_F64;
  if (in_c != want_in_c || out_c != want_out_c || (!in_c && a->dtype != TSR_F32 && a->dtype != TSR_F64) ||
      (part == TSR_F32) != (r->dtype == TSR_F32 || r->dtype == TSR_C64))
    return hlo_op_fail(in->op, TSR_ERR_INVALID, "%s takes and gives other element types", kinds[in->aux]);
  for (int d = 0; d < a->rank; d++) {
    int k = d - (a->rank - nl); /* the fft dimension index, < 0 for a batch dimension */
    int64_t want_in = a->shape[d], want_out = a->shape[d];
    if (k >= 0) {
      bool last = k == nl - 1;
      want_in = in->aux == FFT_IRFFT && last ? len[k] / 2 + 1 : len[k];
      want_out = in->aux == FFT_RFFT && last ? len[k] / 2 + 1 : len[k];
      if (len[k] < 0) return hlo_op_fail(in->op, TSR_ERR_INVALID, "negative fft_length");
    }
    if (a->shape[d] != want_in || r->shape[d] != want_out)
      return hlo_op_fail(in->op, TSR_ERR_INVALID, "operand or result shape does not fit fft_length in dimension %d", d);
  }
  return TSR_OK;
}

/* In-place DFT of n values `v` (sign -1: forward, +1: backward, unnormalized). */
static tsr_status dft(double complex *v, int64_t n, int sign, double complex *scratch) {
  if (n <= 1) return TSR_OK;
  if ((n & (n - 1)) == 0) {
    for (int64_t i = 1, j = 0; i < n; i++) { /* bit reversal */
      int64_t bit = n >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
      if (i < j) { double complex t = v[i]; v[i] = v[j]; v[j] = t; }
    }
    for (int64_t len = 2; len <= n; len <<= 1) {
      for (int64_t k = 0; k < len / 2; k++) {
        double ang = sign * TWO_PI * (double)k / (double)len;
        double complex w = CMPLX(cos(ang), sin(ang));
        for (int64_t i = 0; i < n; i += len) {
          double complex u = v[i + k], t = w * v[i + k + len / 2];
          v[i + k] = u + t;
          v[i + k + len / 2] = u - t;
        }
      }
    }
    return TSR_OK;
  }
  for (int64_t k = 0; k < n; k++) {
    double complex acc = 0;
    for (int64_t j = 0; j < n; j++) {
      double ang = sign * TWO_PI * (double)((j * k) % n) / (double)n;
      acc += v[j] * CMPLX(cos(ang), sin(ang));
    }
    scratch[k] = acc;
  }
  memcpy(v, scratch, sizeof *v * (size_t)n);
  return TSR_OK;
}

/* Transforms every line of `buf` (shape `shape`, row-major) along dimension d. */
static void along(double complex *buf, int rank, const int64_t *shape, int d, int sign, double complex *line,
                  double complex *scratch) {
  int64_t st = 1, total = 1;
  for (int k = rank - 1; k > d; k--) st *= shape[k];
  for (int k = 0; k < rank; k++) total *= shape[k];
  int64_t n = shape[d];
  if (!n || !total) return;
  for (int64_t e = 0; e < total; e++) {
    if (e / st % n) continue;
    for (int64_t i = 0; i < n; i++) line[i] = buf[e + i * st];
    dft(line, n, sign, scratch);
    for (int64_t i = 0; i < n; i++) buf[e + i * st] = line[i];
  }
}

tsr_status hlo_run_fft(hlo_exec *x, const hlo_inst *in, const hlo_val *args, hlo_val *res) {
  const hlo_type *a = &args[0].t;
  int kind = in->aux, nl = in->aux2, rank = a->rank;
  /* the full complex work array: the result's shape, but the full length of an RFFT's or
   * IRFFT's last dimension */
  int64_t shape[TSR_MAX_RANK], total = 1, maxlen = 1;
  memcpy(shape, res->t.shape, sizeof shape);
  if (kind == FFT_RFFT) shape[rank - 1] = a->shape[rank - 1];
  for (int d = 0; d < rank; d++) {
    total *= shape[d];
    if (shape[d] > maxlen) maxlen = shape[d];
  }
  TSR_TRY(hlo_admit(x, (int64_t)sizeof(double complex) * (total + 2 * maxlen)));
  double steps = 0; /* a direct DFT is n^2 per line, radix 2 n log n */
  for (int d = rank - nl; d < rank; d++) {
    double n = (double)shape[d];
    steps += (double)total * ((shape[d] & (shape[d] - 1)) == 0 ? log2(n > 1 ? n : 2) : n);
  }
  TSR_TRY(hlo_charge(x, in, steps));
  double complex *buf = malloc(sizeof *buf * (size_t)(total + 1)), *line = malloc(sizeof *line * (size_t)(2 * maxlen + 2));
  tsr_status s = buf && line ? hlo_alloc(x, res) : tsr_fail(TSR_ERR_NOMEM, "out of memory");
  if (s == TSR_OK) {
    double complex *scratch = line + maxlen + 1;
    int64_t nin = hlo_numel(a);
    if (kind != FFT_IRFFT) {
      for (int64_t i = 0; i < nin; i++) buf[i] = hlo_ld_c(a->dtype, args[0].buf->data, i);
      for (int d = rank - nl; d < rank; d++) along(buf, rank, shape, d, kind == FFT_IFFT ? 1 : -1, line, scratch);
      double scale = 1;
      if (kind == FFT_IFFT)
        for (int d = rank - nl; d < rank; d++) scale *= (double)shape[d];
      /* RFFT keeps the first n/2 + 1 of the last dimension */
      int64_t keep = res->t.shape[rank - 1], full = shape[rank - 1], rows = full ? total / full : 0;
      for (int64_t r = 0; r < rows; r++)
        for (int64_t k = 0; k < keep; k++)
          hlo_st_c(res->t.dtype, res->buf->data, r * keep + k, buf[r * full + k] / scale);
    } else {
      int64_t half = a->shape[rank - 1], full = shape[rank - 1], rows = full ? total / full : 0;
      for (int64_t r = 0; r < rows; r++)
        for (int64_t k = 0; k < half && k < full; k++) buf[r * full + k] = hlo_ld_c(a->dtype, args[0].buf->data, r * half + k);
      /* the other fft dimensions first, then the last from its Hermitian-symmetric extension */
      for (int d = rank - nl; d < rank - 1; d++) along(buf, rank, shape, d, 1, line, scratch);
      for (int64_t r = 0; r < rows; r++)
        for (int64_t k = half; k < full; k++) buf[r * full + k] = conj(buf[r * full + full - k]);
      along(buf, rank, shape, rank - 1, 1, line, scratch);
      double scale = 1;
      for (int d = rank - nl; d < rank; d++) scale *= (double)shape[d];
      for (int64_t i = 0; i < total; i++) hlo_st_f(res->t.dtype, res->buf->data, i, creal(buf[i]) / scale);
    }
  }
  free(buf);
  free(line);
  return s;
}
