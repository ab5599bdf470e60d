/* An op's location as a user reads it: the call-site chain, innermost first.
 *
 * JAX records where each op comes from as a Python traceback: a frame is a NameLoc of the
 * function's qualified name around its file location, and a chain of frames is
 * callsite(innermost at callsite(next at ...)). MLIR's inliner wraps an inlined op's location
 * the same way, callsite(the op's in the callee at the call's): Pallas keeps the lowering of
 * an op it has lowered before and calls it again, so the inner frames can be those of the
 * first op lowered that way and only the outer ones say which op ran. Primitive names
 * ("swap/swap", "get:") are NameLocs around anything else and say nothing a frame does not.
 * So the whole chain is shown: "f.py:317:5 (_zero_h0) called from f.py:398:3
 * (_inner_kernel_body)". */
#include <stdio.h>
#include <string.h>

#include "mlir/ir.h"

#define MAX_FRAMES 16

typedef struct frame {
  const mlir_ir_attr *file; /* NULL: a name alone, or opaque text */
  const char *name;        /* the function, or the text */
} frame;

typedef struct frames {
  frame f[MAX_FRAMES];
  int n;
  bool more; /* frames past MAX_FRAMES */
} frames;

static bool same_frame(const frame *a, const frame *b) {
  if ((a->file == NULL) != (b->file == NULL)) return false;
  if (a->file && !mlir_ir_attr_equal(a->file, b->file)) return false;
  return (a->name == NULL) == (b->name == NULL) && (!a->name || !strcmp(a->name, b->name));
}

/* A frame at the end, unless it repeats the last (callsite(x at x), which JAX writes). */
static void push(frames *fs, const mlir_ir_attr *file, const char *name) {
  frame f = {file, name};
  if (fs->n > 0 && same_frame(&fs->f[fs->n - 1], &f)) return;
  if (fs->n == MAX_FRAMES) {
    fs->more = true;
    return;
  }
  fs->f[fs->n++] = f;
}

/* The frames of a, innermost first; false when a holds none (unknown). */
static bool collect(const mlir_ir_attr *a, frames *fs, int depth) {
  if (!a || depth > 64) return false;
  switch (a->kind) {
  case MLIR_IR_ATTR_LOC_FILE:
    push(fs, a, NULL);
    return true;
  case MLIR_IR_ATTR_LOC_NAME: {
    const mlir_ir_attr *c = a->u.name_loc.child;
    if (c && c->kind == MLIR_IR_ATTR_LOC_FILE) { /* a frame: the function around its line */
      push(fs, c, a->u.name_loc.name);
      return true;
    }
    if (collect(c, fs, depth + 1)) return true;
    if (!a->u.name_loc.name) return false;
    push(fs, NULL, a->u.name_loc.name); /* a name with nothing known inside */
    return true;
  }
  case MLIR_IR_ATTR_LOC_CALLSITE: {
    /* callsite(x at x): Pallas calls a lowering it keeps, and the inliner puts the call's
     * location around the ops it copies in; where both are one place, it is that place */
    if (a->u.callsite.callee == a->u.callsite.caller || mlir_ir_attr_equal(a->u.callsite.callee, a->u.callsite.caller))
      return collect(a->u.callsite.callee, fs, depth + 1);
    bool callee = collect(a->u.callsite.callee, fs, depth + 1);
    bool caller = collect(a->u.callsite.caller, fs, depth + 1);
    return callee || caller;
  }
  case MLIR_IR_ATTR_LOC_FUSED: /* one place made of several: the first that is known */
    for (int i = 0; i < a->u.fused.n; i++)
      if (collect(a->u.fused.locs[i], fs, depth + 1)) return true;
    return false;
  case MLIR_IR_ATTR_LOC_OPAQUE:
    if (!a->u.opaque_text) return false;
    push(fs, NULL, a->u.opaque_text);
    return true;
  default:
    return false;
  }
}

static size_t put_frame(char *buf, size_t cap, size_t at, const frame *f, bool named) {
  if (at >= cap) return at;
  int n;
  if (!f->file) n = snprintf(buf + at, cap - at, "%s", f->name);
  else if (named && f->name)
    n = snprintf(buf + at, cap - at, "%s:%u:%u (%s)", f->file->u.file.file ? f->file->u.file.file : "?",
                 f->file->u.file.line, f->file->u.file.col, f->name);
  else
    n = snprintf(buf + at, cap - at, "%s:%u:%u", f->file->u.file.file ? f->file->u.file.file : "?",
                 f->file->u.file.line, f->file->u.file.col);
  return n > 0 ? at + (size_t)n : at;
}

const char *mlir_ir_loc_text(const mlir_ir_attr *loc, char *buf, size_t cap) {
  if (!cap) return buf;
  frames fs = {.n = 0};
  if (!collect(loc, &fs, 0) || fs.n == 0) {
    snprintf(buf, cap, "unknown location");
    return buf;
  }
  /* One frame reads as "file:line:col"; in a chain each frame names its function, which
   * tells the frames apart where the lines alone would not. */
  bool chain = fs.n > 1 || fs.more;
  size_t at = put_frame(buf, cap, 0, &fs.f[0], chain);
  for (int i = 1; i < fs.n; i++) {
    if (at < cap) at += (size_t)snprintf(buf + at, cap - at, " called from ");
    at = put_frame(buf, cap, at, &fs.f[i], chain);
  }
  if (fs.more && at < cap) snprintf(buf + at, cap - at, " called from ...");
  if (at >= cap && cap > 4) memcpy(buf + cap - 4, "...", 4); /* cut short: say so */
  return buf;
}
