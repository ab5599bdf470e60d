/* NumPy .npy files (format versions 1.0, 2.0 and 3.0), little-endian, C order.
 *
 * dtypes: '<f4' f32, '<f2' f16, '<f8' f64, '|i1' '<i2' '<i4' '<i8', '|u1' '<u2' '<u4' '<u8',
 * '|b1' bool (tessera BOOL, i32 0/1 in memory, converted on read and write; any non-zero
 * byte reads as true). bf16: numpy has no bfloat16; ml_dtypes saves it as the raw void type
 * '<V2' (also '|V2'), which is read as bf16 bits. tessera writes bf16 arrays as '<f4' (every
 * bf16 value is exact in f32) so that plain numpy can load them.
 *
 * Errors are TSR_ERR_PARSE with "WHAT: byte offset N: ..." (WHAT: the file name);
 * fortran_order=True and big-endian data are rejected with a message saying so. Writes go
 * to a temporary file renamed into place, so a reader never sees half a file. */
#ifndef TESSERA_NPY_H
#define TESSERA_NPY_H

#include <stddef.h>

#include "tessera/array.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parses a whole .npy image; `what` names it in messages. */
tsr_status tsr_npy_parse(const void *data, size_t size, const char *what, tsr_array *out);
/* Reads a .npy file ("-": stdin). */
tsr_status tsr_npy_read(const char *path, tsr_array *out);
/* Reads only the header of a .npy file (a regular file): out's dtype, rank and shape, and no
 * data (out->data NULL; nothing to free). The file's size must match the header, as for
 * tsr_npy_read; its data is not read. */
tsr_status tsr_npy_read_header(const char *path, tsr_array *out);
/* Serializes to a malloc'd buffer (*out, *size). */
tsr_status tsr_npy_serialize(const tsr_array *a, void **out, size_t *size);
/* Writes atomically: a reader sees the whole file or none of it. New files get 0666 less
 * the umask. */
tsr_status tsr_npy_write(const char *path, const tsr_array *a);
/* Writes n files that belong together (a run's outputs): each to a temporary first, and
 * renames them into place only when all are written, so that a failure leaves none of them
 * (and the files they would replace stay as they were). */
tsr_status tsr_npy_write_all(const char *const *paths, const tsr_array *arrays, int n);

#ifdef __cplusplus
}
#endif
#endif
