/* An index of byte spans for the race checker: a treap ordered by (lo, seq) whose nodes keep
 * the largest hi below them, so a query visits only the spans that can meet it and the
 * subtrees whose spans all end before it (O(log n + k) expected) rather than every DMA in
 * flight. The nodes live in one array with a free list; slot 0 is the null node. */
#include <stdlib.h>

#include "check/check_internal.h"
#include "core/grow.h"

static uintptr_t max_hi(const ck_spans *s, int t) {
  uintptr_t m = s->a[t].hi;
  if (s->a[t].l && s->a[s->a[t].l].maxhi > m) m = s->a[s->a[t].l].maxhi;
  if (s->a[t].r && s->a[s->a[t].r].maxhi > m) m = s->a[s->a[t].r].maxhi;
  return m;
}

static bool before(uintptr_t lo, uint64_t seq, const ck_span_node *n) {
  return lo < n->lo || (lo == n->lo && seq < n->seq);
}

/* Splits t into the nodes before (lo, seq) and the rest. */
static void split(ck_spans *s, int t, uintptr_t lo, uint64_t seq, int *left, int *right) {
  if (!t) {
    *left = *right = 0;
    return;
  }
  if (before(s->a[t].lo, s->a[t].seq, &(ck_span_node){.lo = lo, .seq = seq})) {
    split(s, s->a[t].r, lo, seq, &s->a[t].r, right);
    *left = t;
  } else {
    split(s, s->a[t].l, lo, seq, left, &s->a[t].l);
    *right = t;
  }
  s->a[t].maxhi = max_hi(s, t);
}

/* Joins two treaps where every key of a comes before every key of b. */
static int merge(ck_spans *s, int a, int b) {
  if (!a || !b) return a ? a : b;
  if (s->a[a].prio > s->a[b].prio) {
    s->a[a].r = merge(s, s->a[a].r, b);
    s->a[a].maxhi = max_hi(s, a);
    return a;
  }
  s->a[b].l = merge(s, a, s->a[b].l);
  s->a[b].maxhi = max_hi(s, b);
  return b;
}

bool ck_spans_add(ck_spans *s, ck_region r, uint64_t seq) {
  if (!s->free_head && s->n == s->cap) {
    if (!GROW_ARRAY(s->a, s->n, s->cap, 32)) return false;
    if (!s->n) s->n = 1; /* the null node */
  }
  int t = s->free_head;
  if (t) s->free_head = s->a[t].l;
  else t = s->n++;
  s->rng = s->rng * 1664525u + 1013904223u; /* a priority only has to look random */
  s->a[t] = (ck_span_node){.lo = r.lo, .hi = r.hi, .maxhi = r.hi, .seq = seq, .prio = s->rng};
  int left, right;
  split(s, s->root, r.lo, seq, &left, &right);
  s->root = merge(s, merge(s, left, t), right);
  return true;
}

static int drop(ck_spans *s, int t, uintptr_t lo, uint64_t seq) {
  if (!t) return 0;
  if (s->a[t].lo == lo && s->a[t].seq == seq) {
    int j = merge(s, s->a[t].l, s->a[t].r);
    s->a[t].l = s->free_head;
    s->free_head = t;
    return j;
  }
  if (before(lo, seq, &s->a[t])) s->a[t].l = drop(s, s->a[t].l, lo, seq);
  else s->a[t].r = drop(s, s->a[t].r, lo, seq);
  s->a[t].maxhi = max_hi(s, t);
  return t;
}

void ck_spans_remove(ck_spans *s, ck_region r, uint64_t seq) { s->root = drop(s, s->root, r.lo, seq); }

void ck_spans_clear(ck_spans *s) {
  s->root = s->free_head = 0;
  s->n = s->cap ? 1 : 0;
}

void ck_spans_free(ck_spans *s) {
  free(s->a);
  *s = (ck_spans){0};
}

/* The test is ck_regions_overlap's: lo < q.hi and q.lo < hi. */
static bool find(const ck_spans *s, int t, ck_region q, ck_seqs *out) {
  if (!t || s->a[t].maxhi <= q.lo) return true;
  if (!find(s, s->a[t].l, q, out)) return false;
  if (s->a[t].lo >= q.hi) return true; /* it and everything to its right start too late */
  if (q.lo < s->a[t].hi) {
    if (!GROW_ARRAY(out->a, out->n, out->cap, 64)) return false;
    out->a[out->n++] = s->a[t].seq;
  }
  return find(s, s->a[t].r, q, out);
}

bool ck_spans_find(const ck_spans *s, ck_region q, ck_seqs *out) { return find(s, s->root, q, out); }
