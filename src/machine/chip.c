/* The built-in chip table. Per-TensorCore figures; chip-level public numbers are divided by
 * the TensorCores per chip. Sources (see ../shared/reference/tpu_chips.md):
 *   [TPUINFO] jax/_src/tpu_info.py @ cec06d116c (VMEM, SMEM, MXU count and size, per-TC)
 *   [CLOUD]   Google Cloud TPU system-architecture pages (peak bf16/int8, HBM bandwidth)
 *   [SB]      the scaling book "How to Think About TPUs" (clocks v5e/v5p, VPU ALUs)
 *   [MATMUL]  Pallas TPU matmul tutorial: 0.35 us per grid step on v5e (derived)
 * Figures marked ASSUMED are not published; each is a named parameter a user can override
 * with their own chip description. */
#include "tessera/machine.h"

#include <string.h>

/* ASSUMED: costs no document states. The per-step cost is the one calibration point
 * [MATMUL]; the DMA figures are chosen so that small DMAs cost about one step's overhead. */
#define STEP_OVERHEAD_S 0.35e-6 /* [MATMUL] derived on v5e; ASSUMED equal elsewhere */
#define DMA_ISSUE_S 0.02e-6     /* ASSUMED: one request per cycle [SB] plus descriptor setup */
#define DMA_LATENCY_S 0.5e-6    /* ASSUMED: first byte after start */
#define DMA_ENGINES 4           /* ASSUMED: "multiple DMA engines" [SB], count not published */

static const tsr_chip chips[] = {
    {
        .name = "v4", .generation = 4, .tensor_cores = 2, .megacore = true,
        .vmem_bytes = 16ll << 20, .smem_bytes = 1ll << 20,     /* [TPUINFO] */
        .hbm_bytes_per_s = 1200e9 / 2,                          /* [CLOUD] 1200 GB/s per chip */
        .bf16_flops = 275e12 / 2, .int8_ops = 275e12 / 2,        /* [CLOUD] "bf16 or int8" */
        .f32_flops = 275e12 / 2 / 3,                            /* ASSUMED: bf16x3 passes */
        .mxu_count = 4, .mxu_dim = 128, .vpu_sublanes = 8, .vpu_lanes = 128,
        .vpu_ops_per_s = 2048 * 1.05e9,                         /* [SB] 2 ALUs per lane x 1024 */
        .transcendental_per_s = 1024 * 1.05e9 / 4,              /* ASSUMED */
        .clock_hz = 1.05e9,                                     /* derived from peak */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
    },
    {
        .name = "v5e", .generation = 5, .tensor_cores = 1, .megacore = false,
        .vmem_bytes = 128ll << 20, .smem_bytes = 1ll << 20,    /* [TPUINFO] */
        .hbm_bytes_per_s = 819e9,                               /* [CLOUD] */
        .bf16_flops = 197e12, .int8_ops = 394e12,               /* [CLOUD] */
        .f32_flops = 197e12 / 3,                                /* ASSUMED: bf16x3 passes */
        .mxu_count = 4, .mxu_dim = 128, .vpu_sublanes = 8, .vpu_lanes = 128,
        .vpu_ops_per_s = 4096 * 1.5e9,                          /* ASSUMED 4 ALUs as v5p [SB] */
        .transcendental_per_s = 1024 * 1.5e9 / 4,               /* ASSUMED */
        .clock_hz = 1.5e9,                                      /* [SB] */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
    },
    {
        .name = "v5p", .generation = 5, .tensor_cores = 2, .megacore = true,
        .vmem_bytes = 64ll << 20, .smem_bytes = 1ll << 20,     /* [TPUINFO] */
        .hbm_bytes_per_s = 2765e9 / 2,                          /* [CLOUD] per chip */
        .bf16_flops = 459e12 / 2, .int8_ops = 918e12 / 2,       /* [CLOUD] */
        .f32_flops = 459e12 / 2 / 3,                            /* ASSUMED: bf16x3 passes */
        .mxu_count = 4, .mxu_dim = 128, .vpu_sublanes = 8, .vpu_lanes = 128,
        .vpu_ops_per_s = 4096 * 1.75e9,                         /* [SB] 4 ALUs per lane */
        .transcendental_per_s = 1024 * 1.75e9 / 4,              /* ASSUMED */
        .clock_hz = 1.75e9,                                     /* [SB] */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
    },
    {
        .name = "v6e", .generation = 6, .tensor_cores = 1, .megacore = false,
        .vmem_bytes = 128ll << 20, .smem_bytes = 1ll << 20,    /* [TPUINFO] */
        .hbm_bytes_per_s = 1638e9,                              /* [CLOUD] */
        .bf16_flops = 918e12, .int8_ops = 1836e12,              /* [CLOUD] */
        .f32_flops = 918e12 / 3,                                /* ASSUMED: bf16x3 passes */
        .mxu_count = 2, .mxu_dim = 256, .vpu_sublanes = 8, .vpu_lanes = 128,
        .vpu_ops_per_s = 4096 * 1.75e9,                         /* ASSUMED (clock not published) */
        .transcendental_per_s = 1024 * 1.75e9 / 4,              /* ASSUMED */
        .clock_hz = 1.75e9,                                     /* ASSUMED: not published */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
    },
    {
        .name = "7x", .generation = 7, .tensor_cores = 2, .megacore = false,
        .vmem_bytes = 64ll << 20, .smem_bytes = 1ll << 20,     /* [TPUINFO] */
        .hbm_bytes_per_s = 7.37e12 / 2,                         /* [SB-PR115] per chip */
        .bf16_flops = 2307e12 / 2, .int8_ops = 4614e12 / 2,     /* [CLOUD] (fp8 figure for int8) */
        .f32_flops = 2307e12 / 2 / 3,                           /* ASSUMED: bf16x3 passes */
        .mxu_count = 2, .mxu_dim = 256, .vpu_sublanes = 8, .vpu_lanes = 128,
        .vpu_ops_per_s = 4096 * 1.9e9,                          /* ASSUMED (clock not published) */
        .transcendental_per_s = 1024 * 1.9e9 / 4,               /* ASSUMED */
        .clock_hz = 1.9e9,                                      /* ASSUMED: not published */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
    },
};

int tsr_chip_count(void) { return (int)(sizeof chips / sizeof chips[0]); }

const tsr_chip *tsr_chip_at(int i) {
  return i >= 0 && i < tsr_chip_count() ? &chips[i] : NULL;
}

const tsr_chip *tsr_chip_get(const char *name) {
  if (!name) return NULL;
  if (!strcmp(name, "tpu7x") || !strcmp(name, "v7x") || !strcmp(name, "ironwood")) name = "7x";
  if (!strcmp(name, "trillium")) name = "v6e";
  for (int i = 0; i < tsr_chip_count(); i++)
    if (!strcmp(chips[i].name, name)) return &chips[i];
  return NULL;
}
