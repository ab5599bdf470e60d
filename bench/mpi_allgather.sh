#!/usr/bin/env bash
# Many chips over MPI processes (docs/mpi.md): a ring all-gather over 8 simulated chips with
# large shards (4 MiB of f32 each: every chip ends with 32 MiB), on 1 process (the baseline:
# every remote copy a memcpy) and on 2 (half the chips each; the copies between the two
# halves are MPI_Put into the other process's window), measured in the same run, the two
# sides alternating. Prints each side's median and the ratio, and the bytes each process put
# into the other's memory (counted by the transport, checked against the ring's arithmetic
# inside tests/mpi/mpi_ring.c, which also checks every output).
#   bench/mpi_allgather.sh [build/mpi_ring] [ROUNDS]
set -euo pipefail
RING=${1:-build/mpi_ring}
ROUNDS=${2:-3}
ROWS=${ROWS:-8192} # rows of 128 f32 per shard: 8192 is 4 MiB
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
one=() two=()
for r in $(seq "$ROUNDS"); do
  for np in 1 2; do
    line=$(mpirun --oversubscribe -np $np "$RING" 8 "$ROWS" eager 5 --bench)
    echo "$line" | grep -q "as expected" || { echo "$line"; exit 1; }
    s=$(echo "$line" | sed -n 's/^bench: median \([0-9.]*\) s.*/\1/p')
    [ "$r" -eq 1 ] && echo "$line" | grep "^mpi_ring"
    if [ $np -eq 1 ]; then one+=("$s"); else two+=("$s"); fi
  done
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
m1=$(median "${one[@]}") m2=$(median "${two[@]}")
echo "ring all-gather, 8 chips, $((ROWS * 512)) bytes a shard: 1 process ${m1} s, 2 processes ${m2} s (medians of $ROUNDS rounds of 5 runs)"
awk -v a="$m1" -v b="$m2" 'BEGIN {printf "2 processes / 1 process: %.2fx the time\n", b / a}'
