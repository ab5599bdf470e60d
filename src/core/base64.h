/* Base64 (RFC 4648, standard alphabet) decoding and encoding, e.g. for kernel bodies in backend_config. */
#ifndef TSR_CORE_BASE64_H
#define TSR_CORE_BASE64_H

#include <stddef.h>
#include <stdint.h>

#include "tessera/core.h"

/* Upper bound of the decoded size of `len` characters. */
size_t base64_decoded_max(size_t len);
/* Decodes `len` characters into out (at least base64_decoded_max(len) bytes); padding is
 * optional, whitespace is not allowed. TSR_ERR_PARSE names the offset of a bad character. */
tsr_status base64_decode(const char *in, size_t len, uint8_t *out, size_t *out_len);

/* Encodes `len` bytes with padding into out (at least base64_encoded_size(len) + 1 bytes,
 * NUL-terminated), as JAX writes a kernel body into backend_config. */
size_t base64_encoded_size(size_t len);
void base64_encode(const uint8_t *in, size_t len, char *out);

#endif
