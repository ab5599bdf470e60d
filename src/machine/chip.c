/* The built-in chip table. Per-TensorCore figures; chip-level public numbers are divided by
 * the TensorCores per chip. Sources (URLs and commits: docs/timing.md, "Sources"):
 *   [TPUINFO] jax/_src/tpu_info.py @ cec06d116c (VMEM, SMEM, MXU count and size, per-TC)
 *   [CLOUD]   Google Cloud TPU system-architecture pages (peak bf16/int8, HBM bandwidth)
 *   [SB]      the scaling book "How to Think About TPUs" (clocks v5e/v5p, VPU ALUs)
 *   [MATMUL]  Pallas TPU matmul tutorial: 0.35 us per grid step on v5e (derived)
 *   [LAXPREC] jax.lax.Precision: f32 matmuls at HIGH take 3 bf16 passes, at HIGHEST 6
 *   [TPUV1]   Jouppi et al., ISCA 2017: weights double-buffered, 256 cycles to shift a tile in
 *   [AMB]     AI-Hypercomputer/accelerator-microbenchmarks: HBM copy bandwidth on TPU7x
 *   [SCINFO]  jax/_src/pallas/mosaic/tpu_info.py @ jax-v0.10.2: SparseCores, vector subcores,
 *             lanes and TileSPMEM per subcore (per TensorCore there, as all its figures: 7x's
 *             2 per TensorCore are 4 per chip; v5p's device is the whole megacore chip)
 * Figures marked ASSUMED are not published; each is a named parameter a user can override
 * with their own chip description. */
#include "tessera/machine.h"

#include <string.h>

/* ASSUMED: costs no document states. The one calibration point [MATMUL] is a whole grid step
 * of a bf16 128x128x128-block matmul on v5e: 92 ms / 262,144 steps = 0.351 us. In the model
 * that step is the fixed overhead + 2 DMA issues (the two 32 KiB input blocks) + the body:
 * one 128x128 weight tile, its 128 rows bound by shifting the weights in (128 cycles), and the
 * array's fill and drain (256), 384 cycles = 0.2555 us at 197e12 / (2 x 128^2 x 4) cycles/s,
 * the MXU's row rate; the transfers (0.09 us plus
 * latency) hide behind the step when double-buffered. So overhead = 0.351 - 0.04 - 0.2555 =
 * 0.0555 us, and the DMA latency must stay below about 0.25 us for the transfers to stay
 * hidden (docs/timing.md). */
#define STEP_OVERHEAD_S 0.0555e-6 /* [MATMUL] derived on v5e; ASSUMED equal elsewhere */
#define DMA_ISSUE_S 0.02e-6     /* ASSUMED: one request per cycle [SB] plus descriptor setup */
#define DMA_LATENCY_S 0.2e-6    /* ASSUMED: first byte after start; bounded by [MATMUL] above */
#define DMA_ENGINES 4           /* ASSUMED: "multiple DMA engines" [SB], count not published */
/* ASSUMED: no public per-hop ICI latency was found (none of the sources gives one): a hop costs
 * about one microsecond, the order of a small collective step's latency. */
#define ICI_HOP_LATENCY_S 1e-6
/* VMEM load/store bandwidth: "around 22x higher than HBM bandwidth" on v5e [SB]; ASSUMED the
 * same ratio on v4, v5p and v6e (v5p's 3 loads + 1 store of 4 KiB vregs per cycle [SB App. A]
 * gives 28.7e12 B/s, close to 22 x 1.38e12 = 30e12). TPU7x: ~7x per the unmerged [SB] PR #124. */
#define VMEM_OVER_HBM 22.0
/* Streaming HBM traffic sustains this fraction of the nominal bandwidth (refresh, row and bank
 * switches, turning the bus between reads and writes): Google's microbenchmark of an HBM copy
 * on TPU7x reaches 3.20 TB/s per TensorCore against 3.685 nominal at 256 MiB to 8 GiB [AMB].
 * ASSUMED the same on the other generations (no measurement published). */
#define HBM_EFFICIENCY 0.87
/* The systolic array fills and drains once per matmul: a d x d array shifts its first weights
 * in over d cycles ([TPUV1]: 256 cycles for its 256-wide array) and the last row's partial
 * sums leave it d cycles after they enter ([SB] App. B: "an initial pipeline bubble as the
 * weights and activations are loaded", none between the tiles of one matmul). */
#define MXU_FILL(d) (2.0 * (d))

static const tsr_chip chips[] = {
    {
        .name = "v4", .generation = 4, .tensor_cores = 2, .megacore = true,
        .vmem_bytes = 16ll << 20, .smem_bytes = 1ll << 20,     /* [TPUINFO] */
        .hbm_bytes_per_s = 1200e9 / 2,                          /* [CLOUD] 1200 GB/s per chip */
        .bf16_flops = 275e12 / 2, .int8_ops = 275e12 / 2,        /* [CLOUD] "bf16 or int8" */
        .f32_flops = 275e12 / 2 / 6,                            /* [LAXPREC]: HIGHEST, 6 passes */
        .mxu_count = 4, .mxu_dim = 128, .vpu_sublanes = 8, .vpu_lanes = 128,
        .mxu_fill_cycles = MXU_FILL(128),                        /* [SB] App. B, [TPUV1] */
        .vpu_ops_per_s = 2048 * 1.05e9,                         /* [SB] 2 ALUs per lane x 1024 */
        .transcendental_per_s = 1024 * 1.05e9 / 4,              /* ASSUMED */
        .clock_hz = 1.05e9,                                     /* derived from peak */
        .hbm_efficiency = HBM_EFFICIENCY,                       /* [AMB] 7x; others ASSUMED */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
        .vmem_bytes_per_s = VMEM_OVER_HBM * 1200e9 / 2,                        /* [SB] ratio */
        .ici_torus_dims = 3, .ici_link_bytes_per_s = 4.5e10,  /* [SB] 3D torus, 6 neighbours; 4.5e10 B/s one way per link */
        .ici_latency_s = ICI_HOP_LATENCY_S,
    },
    {
        .name = "v5e", .generation = 5, .tensor_cores = 1, .megacore = false,
        .vmem_bytes = 128ll << 20, .smem_bytes = 1ll << 20,    /* [TPUINFO] */
        .hbm_bytes_per_s = 819e9,                               /* [CLOUD] */
        .bf16_flops = 197e12, .int8_ops = 394e12,               /* [CLOUD] */
        .f32_flops = 197e12 / 6,                                /* [LAXPREC]: HIGHEST, 6 passes */
        .mxu_count = 4, .mxu_dim = 128, .vpu_sublanes = 8, .vpu_lanes = 128,
        .mxu_fill_cycles = MXU_FILL(128),                        /* [SB] App. B, [TPUV1] */
        .vpu_ops_per_s = 4096 * 1.5e9,                          /* ASSUMED 4 ALUs as v5p [SB] */
        .transcendental_per_s = 1024 * 1.5e9 / 4,               /* ASSUMED */
        .clock_hz = 1.5e9,                                      /* [SB] */
        .hbm_efficiency = HBM_EFFICIENCY,                       /* [AMB] 7x; others ASSUMED */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
        .vmem_bytes_per_s = VMEM_OVER_HBM * 819e9,                             /* [SB] ratio */
        .ici_torus_dims = 2, .ici_link_bytes_per_s = 4.5e10,  /* [CLOUD] 4 ports, 2D torus; [SB] 4.5e10 B/s one way per link */
        .ici_latency_s = ICI_HOP_LATENCY_S,
    },
    {
        .name = "v5p", .generation = 5, .tensor_cores = 2, .megacore = true,
        .vmem_bytes = 64ll << 20, .smem_bytes = 1ll << 20,     /* [TPUINFO] */
        .hbm_bytes_per_s = 2765e9 / 2,                          /* [CLOUD] per chip */
        .bf16_flops = 459e12 / 2, .int8_ops = 918e12 / 2,       /* [CLOUD] */
        .f32_flops = 459e12 / 2 / 6,                            /* [LAXPREC]: HIGHEST, 6 passes */
        .mxu_count = 4, .mxu_dim = 128, .vpu_sublanes = 8, .vpu_lanes = 128,
        .mxu_fill_cycles = MXU_FILL(128),                        /* [SB] App. B, [TPUV1] */
        .vpu_ops_per_s = 4096 * 1.75e9,                         /* [SB] 4 ALUs per lane */
        .transcendental_per_s = 1024 * 1.75e9 / 4,              /* ASSUMED */
        .clock_hz = 1.75e9,                                     /* [SB] */
        .hbm_efficiency = HBM_EFFICIENCY,                       /* [AMB] 7x; others ASSUMED */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
        .vmem_bytes_per_s = VMEM_OVER_HBM * 2765e9 / 2,                        /* [SB] ratio */
        .ici_torus_dims = 3, .ici_link_bytes_per_s = 9e10,  /* [CLOUD][SB] 3D torus; [SB] 9e10 B/s one way per link */
        .ici_latency_s = ICI_HOP_LATENCY_S,
        .sparse_cores = 4, .sc_subcores = 16, .sc_lanes = 8, .sc_tilespmem_bytes = 512ll << 10, /* [SCINFO] */
    },
    {
        .name = "v6e", .generation = 6, .tensor_cores = 1, .megacore = false,
        .vmem_bytes = 128ll << 20, .smem_bytes = 1ll << 20,    /* [TPUINFO] */
        .hbm_bytes_per_s = 1638e9,                              /* [CLOUD] */
        .bf16_flops = 918e12, .int8_ops = 1836e12,              /* [CLOUD] */
        .f32_flops = 918e12 / 6,                                /* [LAXPREC]: HIGHEST, 6 passes */
        .mxu_count = 2, .mxu_dim = 256, .vpu_sublanes = 8, .vpu_lanes = 128,
        .mxu_fill_cycles = MXU_FILL(256),                        /* [SB] App. B, [TPUV1] */
        .vpu_ops_per_s = 4096 * 1.75e9,                         /* ASSUMED (clock not published) */
        .transcendental_per_s = 1024 * 1.75e9 / 4,              /* ASSUMED */
        .clock_hz = 1.75e9,                                     /* ASSUMED: not published */
        .hbm_efficiency = HBM_EFFICIENCY,                       /* [AMB] 7x; others ASSUMED */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
        .vmem_bytes_per_s = VMEM_OVER_HBM * 1638e9,                            /* [SB] ratio */
        .ici_torus_dims = 2, .ici_link_bytes_per_s = 9e10,  /* [CLOUD] 4 ports, 2D torus; [SB] 9e10 B/s one way per link */
        .ici_latency_s = ICI_HOP_LATENCY_S,
        .sparse_cores = 2, .sc_subcores = 16, .sc_lanes = 8, .sc_tilespmem_bytes = 256ll << 10, /* [SCINFO] */
    },
    {
        .name = "7x", .generation = 7, .tensor_cores = 2, .megacore = false,
        .vmem_bytes = 64ll << 20, .smem_bytes = 1ll << 20,     /* [TPUINFO] */
        .hbm_bytes_per_s = 7.37e12 / 2,                         /* [SB-PR115] per chip */
        .bf16_flops = 2307e12 / 2, .int8_ops = 4614e12 / 2,     /* [CLOUD] (fp8 figure for int8) */
        .f32_flops = 2307e12 / 2 / 6,                           /* [LAXPREC]: HIGHEST, 6 passes */
        .mxu_count = 2, .mxu_dim = 256, .vpu_sublanes = 8, .vpu_lanes = 128,
        .mxu_fill_cycles = MXU_FILL(256),                        /* [SB] App. B, [TPUV1] */
        .vpu_ops_per_s = 4096 * 1.9e9,                          /* ASSUMED (clock not published) */
        .transcendental_per_s = 1024 * 1.9e9 / 4,               /* ASSUMED */
        .clock_hz = 1.9e9,                                      /* ASSUMED: not published */
        .hbm_efficiency = HBM_EFFICIENCY,                       /* [AMB] 7x; others ASSUMED */
        .dma_issue_s = DMA_ISSUE_S, .dma_latency_s = DMA_LATENCY_S,
        .step_overhead_s = STEP_OVERHEAD_S, .dma_engines = DMA_ENGINES,
        .vmem_bytes_per_s = 7 * 7.37e12 / 2,                    /* [SB] PR #124 (open) */
        .ici_torus_dims = 3, .ici_link_bytes_per_s = 9e10,  /* [SB-PR115] 3D torus, 9e10 B/s one way per link */
        .ici_latency_s = ICI_HOP_LATENCY_S,
        .sparse_cores = 4, .sc_subcores = 16, .sc_lanes = 16, .sc_tilespmem_bytes = 512ll << 10, /* [SCINFO] 2 per TC */
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
