/* Whether two strided views share a byte. Their spans (ck_ref_region) say no quickly; when the
 * spans meet, views of one array can still be disjoint: column blocks of a row-major array
 * interleave (block j of an [8,512] array in [8,128] blocks spans rows 0..7 of every block).
 * A byte of view a is A + sum_k i_k*sa_k + t (0 <= i_k < na_k, 0 <= t < element size), so a and
 * b share one when sum_k i_k*sa_k - sum_k j_k*sb_k + t - u = B - A has a solution in range: an
 * integer equation over at most 2*TSR_MAX_RANK+1 bounded variables, solved here by a search
 * over the variables, largest coefficient first, that prunes what the rest cannot reach. A
 * nested layout leaves one or two candidates per variable; past a node budget the answer is
 * "they overlap", which errs on the side of a report as the spans do. */
#include "check/check_internal.h"

#define TERMS (2 * TSR_MAX_RANK + 1)
#define NODE_BUDGET 4096

typedef struct term {
  int64_t coef; /* > 0, bytes */
  int64_t n;    /* the variable takes 0..n */
} term;

typedef struct equation {
  term t[TERMS];
  int nt;
  int64_t reach[TERMS + 1]; /* the most terms t.. can add */
  int nodes;
} equation;

/* Adds c*x with x in [lo, hi] as a term with a positive coefficient from 0, moving the
 * constant part to the right-hand side; terms of one coefficient merge (their sum takes every
 * value in between). */
static void add_term(equation *e, int64_t *rhs, int64_t c, int64_t lo, int64_t hi) {
  if (c < 0) {
    int64_t l = lo;
    c = -c;
    lo = -hi;
    hi = -l;
  }
  *rhs -= c * lo;
  if (c == 0 || hi == lo) return;
  for (int i = 0; i < e->nt; i++)
    if (e->t[i].coef == c) {
      e->t[i].n += hi - lo;
      return;
    }
  e->t[e->nt++] = (term){c, hi - lo};
}

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/* 1: a solution; 0: none; -1: the budget ran out */
static int solve(equation *e, int k, int64_t rhs) {
  if (++e->nodes > NODE_BUDGET) return -1;
  if (k == e->nt) return rhs == 0;
  const term *t = &e->t[k];
  int64_t lo = -floor_div(-(rhs - e->reach[k + 1]), t->coef), hi = floor_div(rhs, t->coef);
  if (lo < 0) lo = 0;
  if (hi > t->n) hi = t->n;
  for (int64_t x = lo; x <= hi; x++) {
    int r = solve(e, k + 1, rhs - x * t->coef);
    if (r != 0) return r;
  }
  return 0;
}

bool ck_refs_overlap(const tsr_ref *a, const tsr_ref *b) {
  if (!ck_regions_overlap(ck_ref_region(a), ck_ref_region(b))) return false;
  if (tsr_ref_is_contiguous(a) && tsr_ref_is_contiguous(b)) return true; /* dense spans meet */
  equation e = {.nt = 0};
  int64_t esa = (int64_t)tsr_dtype_size(a->dtype), esb = (int64_t)tsr_dtype_size(b->dtype);
  int64_t rhs = (int64_t)((uintptr_t)b->data - (uintptr_t)a->data);
  for (int k = 0; k < a->rank; k++) add_term(&e, &rhs, a->stride[k] * esa, 0, a->shape[k] - 1);
  for (int k = 0; k < b->rank; k++) add_term(&e, &rhs, b->stride[k] * esb, 1 - b->shape[k], 0);
  add_term(&e, &rhs, 1, 1 - esb, esa - 1); /* the bytes within an element */
  /* largest coefficient first (insertion sort: a handful of terms) */
  for (int i = 1; i < e.nt; i++)
    for (int j = i; j > 0 && e.t[j].coef > e.t[j - 1].coef; j--) {
      term s = e.t[j];
      e.t[j] = e.t[j - 1];
      e.t[j - 1] = s;
    }
  e.reach[e.nt] = 0;
  for (int i = e.nt - 1; i >= 0; i--) e.reach[i] = e.reach[i + 1] + e.t[i].coef * e.t[i].n;
  return solve(&e, 0, rhs) != 0;
}
