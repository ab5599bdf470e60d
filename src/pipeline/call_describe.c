/* `tessera inspect`'s plan of a pallas_call (tsr_pallas_describe): the grid and each core's
 * share of it, every operand's block and buffers, VMEM and SMEM, and the host split. */
#include <stdio.h>
#include <stdlib.h>

#include "pipeline/call.h"
#include "pipeline/partition.h"
#include "pipeline/seam.h"

/* ---- describe ------------------------------------------------------------------------- */

tsr_status tsr_pallas_describe(tsr_machine *m, const tsr_call_desc *d, FILE *out) {
  return seam_pallas_describe_run(m, d, false, out);
}

tsr_status seam_pallas_describe_run(tsr_machine *m, const tsr_call_desc *d, bool split_ok, FILE *out) {
  call_plan cp;
  tsr_status s = call_plan_make(m, d, false, &cp);
  if (s != TSR_OK) { free(cp.ops); return s; }
  char buf[128];
  fprintf(out, "kernel %s on %s, %d core(s)\n", d->name ? d->name : "(unnamed)", m->chip.name,
          m->num_cores);
  fprintf(out, "  grid %s", tsr_format_dims(d->grid, d->grid_rank, buf, sizeof buf));
  if (d->grid_rank) {
    fprintf(out, " semantics (");
    for (int k = 0; k < d->grid_rank; k++)
      fprintf(out, "%s%s", k ? ", " : "", d->semantics[k] == TSR_PARALLEL ? "parallel"
                                       : d->semantics[k] == TSR_CORE_PARALLEL ? "core_parallel" : "arbitrary");
    fprintf(out, ")");
  }
  fprintf(out, "\n");
  for (int c = 0; c < m->num_cores; c++) {
    int64_t sub[TSR_MAX_GRID], off[TSR_MAX_GRID];
    int split;
    if (pipe_partition_grid(d->grid, d->grid_rank, d->semantics, m->num_cores, c, false, sub, off, &split) != TSR_OK) break;
    char a[96], b[96];
    if (m->num_cores > 1)
      fprintf(out, "  core %d: grid %s offsets %s\n", c, tsr_format_dims(sub, d->grid_rank, a, sizeof a),
              tsr_format_dims(off, d->grid_rank, b, sizeof b));
  }
  for (int i = 0; i < cp.n; i++) {
    call_operand_plan *o = &cp.ops[i];
    char name[24], arr[64], blk[96];
    call_operand_name(o, name, sizeof name);
    if (o->semaphores) {
      fprintf(out, "  %-6s %-18s %s counts\n", name, tsr_ref_describe(&o->hbm, arr, sizeof arr), tsr_dtype_name(o->spec->semaphore));
      continue;
    }
    if (o->geo.passthrough) {
      fprintf(out, "  %-6s %-18s %s: whole array, moved by the kernel\n", name,
              tsr_ref_describe(&o->hbm, arr, sizeof arr), call_space_label(o->spec->space));
      continue;
    }
    int64_t shown[TSR_MAX_RANK];
    for (int k = 0; k < o->geo.rank; k++) shown[k] = o->geo.squeezed[k] ? TSR_SQUEEZED : o->geo.block[k];
    tsr_format_dims(shown, o->geo.rank, blk, sizeof blk);
    fprintf(out, "  %-6s %-18s %s block %s x %d buffer(s) = %lld bytes%s\n", name,
            tsr_ref_describe(&o->hbm, arr, sizeof arr), call_space_label(o->spec->space), blk,
            o->geo.buffer_count, (long long)(o->block_bytes * o->geo.buffer_count),
            !o->is_output && o->spec->read_only ? (o->spec->strided_reads ? ", read-only, strided reads" : ", read-only")
            : o->is_output && o->spec->overwrites ? ", overwritten" : "");
  }
  fprintf(out, "  VMEM %lld of %lld bytes, SMEM %lld bytes\n", (long long)cp.vmem_bytes,
          (long long)cp.vmem_limit, (long long)cp.smem_bytes);
  const char *why;
  bool planned = pipe_host_split_plan(&cp, split_ok, false, &why);
  pipe_host_split_describe(&cp, planned, why, out);
  pipe_host_split_free(&cp.split);
  free(cp.ops);
  return TSR_OK;
}
