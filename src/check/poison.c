/* The poison checker. Fresh VMEM and the padding of edge blocks hold a poison pattern (NaN
 * bytes for floats, dma.c); a DMA from VMEM to HBM that carries it writes garbage into an
 * output. The source is scanned when the DMA starts: a correct kernel does not change it until
 * the DMA has been waited for, and the pipeline sends only the in-bounds part of edge blocks. */
#include <stdio.h>

#include "check/check_internal.h"
#include "machine/machine_internal.h"

void ck_poison_event(tsr_checker *ck, const tsr_event *ev) {
  int64_t at[TSR_MAX_RANK];
  if (ev->replayed) { /* the bytes are gone: what was noted when the DMA started */
    if (ev->poison_at) ck_poison_report(ck, ev, ev->poison_at);
  } else if (machine_output_poison(ev, at)) {
    ck_poison_report(ck, ev, at);
  }
}

void ck_poison_report(tsr_checker *ck, const tsr_event *ev, const int64_t *at) {
  char idx[64], blk[64] = "", op[32] = "", src[96];
  tsr_format_dims(at, ev->src->rank, idx, sizeof idx);
  if (ev->index && ev->rank > 0) {
    char dims[48];
    snprintf(blk, sizeof blk, " block %s", tsr_format_dims(ev->index, ev->rank, dims, sizeof dims));
  }
  if (ev->operand >= 0) snprintf(op, sizeof op, " operand %d", ev->operand);
  char who[48];
  ck_report(ck, TSR_ERR_CHECK, "poison on %s: output DMA #%llu%s%s at step %lld writes "
            "poison to HBM: element %s of %s was never written (uninitialised VMEM or "
            "edge-block padding)", ck_core_name(ck, ev->core, who, sizeof who), (unsigned long long)ev->dma_id, op, blk,
            (long long)ev->step, idx, ck_describe(ev->src, src, sizeof src));
}

tsr_status tsr_check_poison(const tsr_ref *out, const char *name) {
  int64_t at[TSR_MAX_RANK];
  if (!machine_find_poison(out, at)) return TSR_OK;
  char idx[64];
  return tsr_fail(TSR_ERR_CHECK, "output '%s' contains poison at index %s: it holds "
                  "uninitialised VMEM or edge-block padding that no kernel wrote",
                  name ? name : "?", tsr_format_dims(at, out->rank, idx, sizeof idx));
}
