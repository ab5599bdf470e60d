#!/usr/bin/env bash
# Many chips over MPI processes (docs/mpi.md): a ring all-gather over 8 simulated chips with
# large shards (4 MiB of f32 each: every chip ends with 32 MiB), on 1 process (the baseline:
# every remote copy a memcpy), on 2 (half the chips each; the copies between the two halves
# are MPI_Put into the other process's window, their counts atomics in a shared segment), and
# on 2 taking the path of processes on different nodes (TSR_MPI_NO_SHM=1: the counts are
# accumulates on the dynamic window, applied when the target calls MPI), measured in the same
# run, the sides alternating. Prints each side's median and its ratio to 1 process, the load
# average, and the bytes each process put into the other's memory (counted by the transport,
# checked against the ring's arithmetic inside tests/mpi/mpi_ring.c, which also checks every
# output).
#   bench/mpi_allgather.sh [build/mpi_ring] [ROUNDS]
set -euo pipefail
RING=${1:-build/mpi_ring}
ROUNDS=${2:-3}
ROWS=${ROWS:-8192} # rows of 128 f32 per shard: 8192 is 4 MiB
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
sides=("1" "2" "2 TSR_MPI_NO_SHM=1")
declare -A times
uptime
for r in $(seq "$ROUNDS"); do
  for i in "${!sides[@]}"; do
    set -- ${sides[$i]}
    np=$1; shift
    line=$(env "$@" mpirun --oversubscribe -np "$np" "$RING" 8 "$ROWS" eager 5 --bench)
    echo "$line" | grep -q "as expected" || { echo "$line"; exit 1; }
    [ "$r" -eq 1 ] && [ "$i" -lt 2 ] && echo "$line" | grep "^mpi_ring"
    times[$i]+="$(echo "$line" | sed -n 's/^bench: median \([0-9.]*\) s.*/\1/p') "
  done
done
uptime
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
m1=$(median ${times[0]}) m2=$(median ${times[1]}) m3=$(median ${times[2]})
echo "ring all-gather, 8 chips, $((ROWS * 512)) bytes a shard (medians of $ROUNDS rounds of 5 runs):"
awk -v a="$m1" -v b="$m2" -v c="$m3" 'BEGIN {
  printf "  1 process                           %.3f s\n", a
  printf "  2 processes, one node               %.3f s  %.2fx\n", b, b / a
  printf "  2 processes, the path across nodes  %.3f s  %.2fx\n", c, c / a }'
