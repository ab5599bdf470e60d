/* TESSERA_PJRT_TIMING=FILE: the plugin's timing report (docs/pjrt.md, "Timing"). Kernels run on
 * the TPU timing model (the machine is built with it); the graph around them is estimated op
 * by op from the chip's peak rates, each op alone, reading its operands from HBM and writing
 * its result there (XLA would fuse many of them: the estimate is an upper bound of that kind,
 * and says so). After each program run the report is written again, whole (written aside,
 * then renamed), so that it stands when the process ends however it ends. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "pjrt/pjrt.h"
#include "tessera/sim.h"

/* The kernels of one program: per name, from the timing model's records of its runs. */
typedef struct timed_kernel {
  char name[128];
  int64_t calls;
  double seconds;
} timed_kernel;

struct pjrt_timed {
  PJRT_Executable *e; /* a reference */
  int64_t calls;
  double kernel_seconds;
  tsr_hlo_profile *profile;
  timed_kernel *kernels;
  int n_kernels, cap_kernels;
};

void pjrt_timing_free(PJRT_Client *c) {
  for (int i = 0; i < c->n_timed; i++) {
    pjrt_executable_unref(c->timed[i].e);
    tsr_hlo_profile_destroy(c->timed[i].profile);
    free(c->timed[i].kernels);
  }
  free(c->timed);
  c->timed = NULL;
  c->n_timed = c->cap_timed = 0;
}

pjrt_timed *pjrt_timing_entry(PJRT_Client *c, PJRT_Executable *e) {
  for (int i = 0; i < c->n_timed; i++)
    if (c->timed[i].e == e) return &c->timed[i];
  if (!GROW_ARRAY(c->timed, c->n_timed, c->cap_timed, 4)) return NULL;
  pjrt_timed *t = &c->timed[c->n_timed];
  memset(t, 0, sizeof *t);
  if (tsr_hlo_profile_create(&t->profile) != TSR_OK) return NULL;
  atomic_fetch_add(&e->refs, 1);
  t->e = e;
  c->n_timed++;
  return t;
}

tsr_hlo_profile *pjrt_timing_profile(pjrt_timed *t) { return t->profile; }

double pjrt_timing_now(tsr_sim *sim, int *kernels) {
  tsr_timing *tm = sim ? tsr_sim_timing(sim) : NULL;
  if (!tm) {
    *kernels = 0;
    return 0;
  }
  tsr_timing_summary s;
  tsr_timing_summarize(tm, &s);
  *kernels = s.kernels;
  return s.seconds;
}

void pjrt_timing_ran(pjrt_timed *t, tsr_sim *sim, double seconds0, int kernels0) {
  int kernels;
  double now = pjrt_timing_now(sim, &kernels);
  t->calls++;
  t->kernel_seconds += now - seconds0;
  tsr_timing *tm = sim ? tsr_sim_timing(sim) : NULL;
  for (int i = kernels0; tm && i < kernels; i++) {
    tsr_timing_kernel k;
    if (tsr_timing_kernel_at(tm, i, &k) != TSR_OK) continue;
    int j = 0;
    while (j < t->n_kernels && strcmp(t->kernels[j].name, k.name ? k.name : "")) j++;
    if (j == t->n_kernels) {
      if (!GROW_ARRAY(t->kernels, t->n_kernels, t->cap_kernels, 4)) continue;
      timed_kernel *nk = &t->kernels[j];
      memset(nk, 0, sizeof *nk);
      snprintf(nk->name, sizeof nk->name, "%s", k.name ? k.name : "");
      t->n_kernels++;
    }
    t->kernels[j].calls++;
    t->kernels[j].seconds += k.seconds;
  }
}

static const char *unit_name(tsr_hlo_unit u) {
  switch (u) {
  case TSR_HLO_UNIT_KERNEL: return "kernel";
  case TSR_HLO_UNIT_MXU: return "mxu";
  case TSR_HLO_UNIT_VPU: return "vpu";
  case TSR_HLO_UNIT_TRANSCENDENTAL: return "transcendental";
  case TSR_HLO_UNIT_MEMORY: return "hbm";
  case TSR_HLO_UNIT_ICI: return "ici";
  default: return "none";
  }
}

double pjrt_op_estimate(const tsr_hlo_op_profile *o, const tsr_chip *ch, const char **bound) {
  /* per-TensorCore rates (chip.c); a megacore device is the chip's cores together */
  double cores = ch->megacore ? ch->tensor_cores : 1;
  double hbm = ch->hbm_bytes_per_s * (ch->hbm_efficiency > 0 ? ch->hbm_efficiency : 1) * cores;
  double compute = 0, memory = hbm > 0 ? o->bytes / hbm : 0;
  switch (o->unit) {
  case TSR_HLO_UNIT_MXU: compute = o->work / (tsr_timing_mxu_rate(ch, o->mxu_dtype) * cores); break;
  case TSR_HLO_UNIT_VPU: compute = o->work / (ch->vpu_ops_per_s * cores); break;
  case TSR_HLO_UNIT_TRANSCENDENTAL: compute = o->work / (ch->transcendental_per_s * cores); break;
  case TSR_HLO_UNIT_ICI:
    /* each device receives its bytes over one link, each run paying a hop's latency */
    compute = o->work / ch->ici_link_bytes_per_s + (double)o->runs * ch->ici_latency_s;
    break;
  default: break;
  }
  if (!isfinite(compute)) compute = 0;
  *bound = compute >= memory ? unit_name(o->unit) : "hbm";
  return compute > memory ? compute : memory;
}

static void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
    else fputc(ch, f);
  }
  fputc('"', f);
}

static void write_report(FILE *f, PJRT_Client *c, const tsr_chip *ch) {
  double kernels = 0, graph = 0;
  double *program_graph = calloc((size_t)c->n_timed + 1, sizeof *program_graph);
  for (int i = 0; i < c->n_timed; i++) {
    const pjrt_timed *t = &c->timed[i];
    for (int k = 0; k < tsr_hlo_profile_count(t->profile); k++) {
      const char *bound;
      double s = pjrt_op_estimate(tsr_hlo_profile_at(t->profile, k), ch, &bound);
      if (program_graph) program_graph[i] += s;
      graph += s;
    }
    kernels += t->kernel_seconds;
  }
  fprintf(f, "{\n  \"chip\": ");
  json_string(f, c->spec.chip_name);
  fprintf(f, ",\n  \"devices\": %d,\n", c->spec.num_devices);
  fprintf(f, "  \"kernels_timed_by\": \"the timing model (simulated)\",\n");
  fprintf(f, "  \"graph_estimated_from\": \"the chip's peak rates, op by op, each op reading its operands from and "
             "writing its result to HBM (no fusion): an estimate\",\n");
  fprintf(f, "  \"kernel_seconds\": %.9g,\n  \"graph_seconds_estimate\": %.9g,\n  \"programs\": [", kernels, graph);
  for (int i = 0; i < c->n_timed; i++) {
    const pjrt_timed *t = &c->timed[i];
    fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
    json_string(f, t->e->name);
    fprintf(f, ", \"fingerprint\": ");
    json_string(f, t->e->fingerprint);
    fprintf(f, ", \"calls\": %lld, \"kernel_seconds\": %.9g, \"graph_seconds_estimate\": %.9g,\n     \"kernels\": [",
            (long long)t->calls, t->kernel_seconds, program_graph ? program_graph[i] : 0.0);
    for (int k = 0; k < t->n_kernels; k++) {
      fprintf(f, "%s\n       {\"name\": ", k ? "," : "");
      json_string(f, t->kernels[k].name);
      fprintf(f, ", \"calls\": %lld, \"seconds\": %.9g}", (long long)t->kernels[k].calls, t->kernels[k].seconds);
    }
    fprintf(f, "%s],\n     \"ops\": [", t->n_kernels ? "\n     " : "");
    int n = 0;
    for (int k = 0; k < tsr_hlo_profile_count(t->profile); k++) {
      const tsr_hlo_op_profile *o = tsr_hlo_profile_at(t->profile, k);
      if (o->unit == TSR_HLO_UNIT_NONE || o->unit == TSR_HLO_UNIT_KERNEL) continue;
      const char *bound;
      double s = pjrt_op_estimate(o, ch, &bound);
      fprintf(f, "%s\n       {\"op\": ", n++ ? "," : "");
      json_string(f, o->op);
      fprintf(f, ", \"loc\": ");
      json_string(f, o->loc);
      fprintf(f, ", \"unit\": \"%s\", \"runs\": %lld, \"work\": %.9g, \"bytes\": %.9g, \"seconds_estimate\": %.9g, "
                 "\"bound\": \"%s\"}",
              unit_name(o->unit), (long long)o->runs, o->work, o->bytes, s, bound);
    }
    fprintf(f, "%s]}", n ? "\n     " : "");
  }
  fprintf(f, "%s]\n}\n", c->n_timed ? "\n  " : "");
  free(program_graph);
}

void pjrt_timing_write(PJRT_Client *c) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", c->timing_path);
  FILE *f = fopen(tmp, "w");
  bool ok = f != NULL;
  if (f) {
    write_report(f, c, &c->spec.chip);
    ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
  }
  if (ok) ok = rename(tmp, c->timing_path) == 0;
  if (!ok) {
    /* said once: a report that cannot be written must not fail the programs it reports on */
    if (!c->timing_warned) fprintf(stderr, "tessera: TESSERA_PJRT_TIMING: cannot write %s\n", c->timing_path);
    c->timing_warned = true;
    remove(tmp);
  }
}
