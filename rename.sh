#!/usr/bin/env bash
# Issue 37: the internal names that do not carry their layer's prefix (docs/conventions.md,
# "Naming"), renamed mechanically. Idempotent: run it again after merging a branch that still
# uses an old name, then rebuild. Usage: ./rename.sh (from anywhere; it works on its own tree).
#
# It renames C identifiers, not text: in C files (.c .h .def) comments and string literals are
# told apart from code, and an old name is renamed
# - "everywhere" (in code and in comments) when it is a distinctive word (`minst`, `stype`);
# - in code only when it is also an English word (`frame`, `prog`, `exec`, `comp`), so that
#   comments keep their prose;
# never after `.` or `->` (a struct member of the same name is not the type), never inside a
# string literal, and never as a file name (`def_use.h`, `exec.c`). In Markdown and Python
# only the distinctive names are renamed. docs/conventions.md, which lists the old names on
# purpose, is left to the hand edit.
set -eu
cd "$(dirname "$0")"

# perl: rename FILES... with the maps given as "--all old=new ... --code old=new ... --prefix
# old=new ... --files f..."
ren() {
  perl -e '
    use strict; use warnings;
    my (%all, %code, @pfx, @files, $mode);
    for (@ARGV) {
      if (/^--(all|code|prefix|files)$/) { $mode = $1; next }
      if ($mode eq "files") { push @files, $_; next }
      my ($o, $n) = split /=/, $_, 2;
      if ($mode eq "all") { $all{$o} = $n } elsif ($mode eq "code") { $code{$o} = $n } else { push @pfx, [$o, $n] }
    }
    sub pfx { my $w = shift; for my $p (@pfx) { my ($o, $n) = @$p; return $n . substr($w, length $o) if index($w, $o) == 0 && length $w >= length $o; } return $w }
    sub ident { my $w = shift; return $code{$w} // $all{$w} // pfx($w) }
    # prose: a whole word that is not a file name (x.c, x.h, dir/x) nor part of a path
    sub text { my $t = shift; $t =~ s{(?<![\w/])([A-Za-z_]\w*)(?!\w|\.[ch]\b|\.def\b|\.md\b)}{ $all{$1} // pfx($1) }ge; $t }
    local $/;
    for my $f (@files) {
      open(my $in, "<", $f) or die "$f: $!"; my $s = <$in>; close $in;
      my $o = $s;
      if ($f =~ /\.(c|h|def)$/) {
        $s =~ s{(//[^\n]*|/\*.*?\*/)|("(?:\\.|[^"\\\n])*"|\x27(?:\\.|[^\x27\\\n])*\x27|\#\s*include\s*<[^>\n]*>)|((?:->|\.)\s*[A-Za-z_]\w*)|([A-Za-z_]\w*)}{
          defined $1 ? text($1) : defined $2 ? $2 : defined $3 ? $3 : ident($4) }gse;
      } else {
        $s = text($s);
      }
      next if $s eq $o;
      open(my $out, ">", $f) or die "$f: $!"; print $out $s; close $out;
      print "renamed in $f\n";
    }' -- "$@"
}

# ---- mosaic: the types of its headers, its extern tables and the functions without the prefix.
mosaic_all=(
  vclass=mosaic_vclass ekind=mosaic_ekind stype=mosaic_stype mop=mosaic_mop minst=mosaic_minst
  def_use=mosaic_def_use packed_dma=mosaic_packed_dma mop_run_fn=mosaic_mop_run_fn
  frame_memory=mosaic_frame_memory PAD_RECORD=MOSAIC_PAD_RECORD
  mop_kinds=mosaic_mop_kinds mop_traits=mosaic_mop_traits mop_run=mosaic_mop_run
  mop_has=mosaic_mop_has mop_window_load=mosaic_mop_window_load mop_window_store=mosaic_mop_window_store
  mop_value_only=mosaic_mop_value_only mop_writes_nothing=mosaic_mop_writes_nothing
  prog_in_branchy_body=mosaic_prog_in_branchy_body stype_bits=mosaic_stype_bits
  piece_broadcast=mosaic_piece_broadcast piece_is_const=mosaic_piece_is_const
  packed_bytes=mosaic_packed_bytes packed_dma_start=mosaic_packed_dma_start
  round_f16=mosaic_round_f16 round_bf16=mosaic_round_bf16
  vec_logf=mosaic_vec_logf vec_tanhf=mosaic_vec_tanhf vec_sinf=mosaic_vec_sinf vec_cosf=mosaic_vec_cosf
  vec_erff=mosaic_vec_erff
  scalar_int=mosaic_scalar_int need_ctx=mosaic_need_ctx one_sem=mosaic_one_sem class_size=mosaic_class_size
  sext32=mosaic_sext32 zext=mosaic_zext fmaximum=mosaic_fmaximum fminimum=mosaic_fminimum
)
# English words: renamed in code only.
mosaic_code=(prog=mosaic_prog exec=mosaic_exec frame=mosaic_frame comp=mosaic_comp)
# The op tables' compile (c_) and run (r_) functions still unprefixed (many defined by a macro,
# FBIN(r_addf, ...) in ops_arith.c), and any a merged branch adds to src/ops/mosaic.def.
fns="c_fbin c_fun c_ibin c_iun c_math c_math2 c_pass r_absi r_addf r_addi r_andi r_atan2
  r_ceildivsi r_ceildivui r_ctlz r_ctpop r_cttz r_divf r_divsi r_divui r_floordivsi r_load r_maximumf r_maxnumf
  r_maxsi r_maxui r_minimumf r_minnumf r_minsi r_minui r_mload r_mstore r_mulf r_muli r_ori r_powf
  r_remf r_remsi r_remui r_shli r_shrsi r_shrui r_store r_subf r_subi r_xori"
for f in $fns $(grep -ohE '\b[cr]_[a-z0-9_]+\b' src/ops/mosaic.def | sort -u); do mosaic_code+=("$f=mosaic_$f"); done
mosaic_files=$( (ls src/mosaic/*.[ch] src/ops/mosaic.def
  grep -rlE '#include "mosaic/(mosaic_internal|kernel_internal|def_use|piecewise)\.h"' src tests bench fuzz 2>/dev/null) | sort -u)
ren --all "${mosaic_all[@]}" --code "${mosaic_code[@]}" --files $mosaic_files
ren --all "${mosaic_all[@]}" --files $(ls docs/*.md | grep -v '^docs/conventions\.md$')

# ---- mlir: mlir/ir.h's tsr_ir_ and TSR_IR_ names are internal (include/tessera/ has none).
all_c=$(find src tests bench fuzz tools python -path python/.venv -prune -o -type f \( -name '*.[ch]' -o -name '*.def' \) -print | sort)
ren --prefix tsr_ir_=mlir_ir_ TSR_IR_=MLIR_IR_ --files $all_c $(ls docs/*.md README.md | grep -v '^docs/conventions\.md$')

# ---- check, timing, machine: the types of their internal headers.
# The files that see a header: those that include it, or include a header that does.
seers() {
  local hs="$*" more f files
  while :; do
    files=$(grep -rlE "#include \"($(echo $hs | sed 's/ /|/g'))\"" src tests bench fuzz 2>/dev/null | sort -u)
    more=$(echo "$files" | grep '\.h$' | sed 's|^src/||' | grep -vxF -f <(echo $hs | tr ' ' '\n') || true)
    [ -n "$more" ] || break
    hs="$hs $more"
  done
  echo "$files"
}
check_all=(sem_tally=ck_sem_tally vc_state=ck_vc_state sc_state=ck_sc_state regions_overlap=ck_regions_overlap)
check_code=(region=ck_region flight=ck_flight flights=ck_flights)
ren --all "${check_all[@]}" --code "${check_code[@]}" --files $( (ls src/check/*.[ch]; seers check/check_internal.h) | sort -u)
timing_all=(log_rec=tm_log_rec rec_queue=tm_rec_queue sim_dma=tm_sim_dma sim_sem=tm_sim_sem
  engine_pool=tm_engine_pool core_state=tm_core_state step_rec=tm_step_rec kernel_rec=tm_kernel_rec
  core_sim=tm_core_sim device_sim=tm_device_sim trace_rec=tm_trace_rec)
ren --all "${timing_all[@]}" --files $( (ls src/timing/*.[ch]; seers timing/timing_internal.h) | sort -u)
machine_all=(space_arena=machine_space_arena pending_dma=machine_pending_dma view_map=machine_view_map
  worker_pool=machine_worker_pool helper_pool=machine_helper_pool dma_request=machine_dma_request
  host_affinity=machine_host_affinity spans_overlap=machine_spans_overlap)
ren --all "${machine_all[@]}" --files $( (ls src/machine/*.[ch]; seers machine/machine_internal.h machine/affinity.h) | sort -u)
# pipeline: engine.h's bref and sched alias the public tsr_bref and tsr_scheduler.
pipe_all=(bref=pipe_bref sched=pipe_sched split_part=pipe_split_part part_edge=pipe_part_edge
  split_worker=pipe_split_worker operand_plan=call_operand_plan partition_grid_seed=pipe_partition_grid_seed)
pipe_code=(pipeline=pipe_pipeline host_split=pipe_host_split)
ren --all "${pipe_all[@]}" --code "${pipe_code[@]}" --files $( (ls src/pipeline/*.[ch]
  seers pipeline/engine.h pipeline/host_split.h pipeline/call.h pipeline/partition.h) | sort -u)

# ---- internal names that start with tsr_/TSR_ as if public (include/tessera/ declares none of
# them): they take their layer's prefix (core: its module's).
internal_tsr=(tsr_core=machine_core TSR_MAX_OBSERVERS=MACHINE_MAX_OBSERVERS TSR_MACHINE_MAX_CORES=MACHINE_MAX_CORES
  TSR_MACHINE_MAX_AGENTS=MACHINE_MAX_AGENTS
  TSR_MAX_BUFFERS=PIPE_MAX_BUFFERS
  tsr_mlir_print_attr=mlir_print_attr tsr_mlir_print_op=mlir_print_op tsr_mlir_print_op_named=mlir_print_op_named
  tsr_mlir_print_type=mlir_print_type
  tsr_base64_decode=base64_decode tsr_base64_decoded_max=base64_decoded_max tsr_base64_encode=base64_encode
  tsr_base64_encoded_size=base64_encoded_size
  tsr_blas_link=blas_link tsr_blas_load=blas_load tsr_blas_set_threads=blas_set_threads tsr_blas_warm=blas_warm
  tsr_sgemm=blas_sgemm tsr_sgemm_mxu=blas_sgemm_mxu tsr_xsmm_enabled=xsmm_enabled tsr_xsmm_sgemm=xsmm_sgemm)
ren --all "${internal_tsr[@]}" --files $all_c $(ls docs/*.md README.md bench/*.md 2>/dev/null | grep -v '^docs/conventions\.md$')

# ---- the docs: the distinctive names of check, timing, machine and pipeline (mosaic's and
# the tsr_ ones are renamed in the docs above).
ren --all "${check_all[@]}" "${timing_all[@]}" "${machine_all[@]}" "${pipe_all[@]}" \
  --files $(ls docs/*.md README.md bench/*.md 2>/dev/null | grep -v '^docs/conventions\.md$')
