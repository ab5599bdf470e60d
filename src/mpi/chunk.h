/* MPI counts are ints: a transfer of more than MPI_CHUNK bytes goes as several of at most
 * that many (every sender and receiver of one transfer cuts it the same way). */
#ifndef TSR_MPI_CHUNK_H
#define TSR_MPI_CHUNK_H

#include <stdint.h>

enum { MPI_CHUNK = 1 << 30 };

/* The count of the next piece of a transfer with `left` bytes to go. */
static inline int mpi_chunk(int64_t left) { return left < MPI_CHUNK ? (int)left : MPI_CHUNK; }

#endif
