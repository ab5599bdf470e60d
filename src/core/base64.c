/* Base64 decoding and encoding (RFC 4648). */
#include "core/base64.h"

#include "core/status.h"

size_t base64_decoded_max(size_t len) { return len / 4 * 3 + 3; }

static int sextet(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

tsr_status base64_decode(const char *in, size_t len, uint8_t *out, size_t *out_len) {
  size_t pad = 0;
  while (len > 0 && in[len - 1] == '=' && pad < 2) { len--; pad++; }
  if (len % 4 == 1) return tsr_fail(TSR_ERR_PARSE, "base64: %zu characters cannot be a whole number of bytes", len);
  size_t n = 0;
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < len; i++) {
    int v = sextet((unsigned char)in[i]);
    if (v < 0) return tsr_fail(TSR_ERR_PARSE, "base64: invalid character 0x%02x at offset %zu", (unsigned char)in[i], i);
    acc = (acc << 6) | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (uint8_t)(acc >> bits);
    }
  }
  *out_len = n;
  return TSR_OK;
}

size_t base64_encoded_size(size_t len) { return (len + 2) / 3 * 4; }

void base64_encode(const uint8_t *in, size_t len, char *out) {
  static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t o = 0;
  for (size_t i = 0; i < len; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16;
    if (i + 1 < len) v |= (uint32_t)in[i + 1] << 8;
    if (i + 2 < len) v |= in[i + 2];
    out[o++] = abc[v >> 18 & 63];
    out[o++] = abc[v >> 12 & 63];
    out[o++] = i + 1 < len ? abc[v >> 6 & 63] : '=';
    out[o++] = i + 2 < len ? abc[v & 63] : '=';
  }
  out[o] = 0;
}
