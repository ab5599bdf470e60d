/* The error channel: one message per thread, set by the failing call. */
#include "core/status.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define TSR_ERROR_CAP 2048
static _Thread_local char error_message[TSR_ERROR_CAP];

const char *tsr_last_error(void) { return error_message; }

void tsr_clear_error(void) { error_message[0] = 0; }

tsr_status tsr_fail(tsr_status s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(error_message, sizeof error_message, fmt, ap);
  va_end(ap);
  return s;
}

tsr_status tsr_fail_context(tsr_status s, const char *fmt, ...) {
  char old[TSR_ERROR_CAP];
  memcpy(old, error_message, sizeof old);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(error_message, sizeof error_message, fmt, ap);
  va_end(ap);
  if (n < 0 || !old[0]) return s;
  size_t at = (size_t)n < sizeof error_message - 1 ? (size_t)n : sizeof error_message - 1;
  size_t room = sizeof error_message - 1 - at;
  size_t len = strlen(old) + 2;
  if (len > room) len = room;
  /* ": " then the old message, cut to what fits */
  char joined[TSR_ERROR_CAP + 2] = ": ";
  memcpy(joined + 2, old, strlen(old) + 1);
  memcpy(error_message + at, joined, len);
  error_message[at + len] = 0;
  return s;
}

const char *tsr_status_name(tsr_status s) {
  switch (s) {
  case TSR_OK: return "TSR_OK";
  case TSR_ERR_INVALID: return "TSR_ERR_INVALID";
  case TSR_ERR_UNSUPPORTED: return "TSR_ERR_UNSUPPORTED";
  case TSR_ERR_PARSE: return "TSR_ERR_PARSE";
  case TSR_ERR_IO: return "TSR_ERR_IO";
  case TSR_ERR_NOMEM: return "TSR_ERR_NOMEM";
  case TSR_ERR_VMEM: return "TSR_ERR_VMEM";
  case TSR_ERR_BOUNDS: return "TSR_ERR_BOUNDS";
  case TSR_ERR_SEMAPHORE: return "TSR_ERR_SEMAPHORE";
  case TSR_ERR_DEADLOCK: return "TSR_ERR_DEADLOCK";
  case TSR_ERR_RACE: return "TSR_ERR_RACE";
  case TSR_ERR_CHECK: return "TSR_ERR_CHECK";
  case TSR_ERR_INTERNAL: return "TSR_ERR_INTERNAL";
  }
  return "TSR_ERR_?";
}

char *tsr_printable(const char *s, char *out, size_t cap) {
  size_t n = 0;
  if (!cap) return out;
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    bool plain = c >= 0x20 && c != 0x7f && c != '\\';
    size_t need = plain ? 1 : 4;
    if (n + need >= cap) break;
    if (plain) out[n++] = (char)c;
    else n += (size_t)snprintf(out + n, cap - n, "\\x%02x", c);
  }
  out[n] = 0;
  return out;
}
