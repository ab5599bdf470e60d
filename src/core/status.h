/* Internal error helpers: set the thread's message and return the status. */
#ifndef TSR_CORE_STATUS_H
#define TSR_CORE_STATUS_H

#include "tessera/core.h"

#if defined(__GNUC__)
#define TSR_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TSR_PRINTF(a, b)
#endif

/* Sets the message of this thread's last error and returns `s`. */
tsr_status tsr_fail(tsr_status s, const char *fmt, ...) TSR_PRINTF(2, 3);
/* Prepends context to the current message ("while X: <old message>"); returns `s`. */
tsr_status tsr_fail_context(tsr_status s, const char *fmt, ...) TSR_PRINTF(2, 3);
/* Clears the message. */
void tsr_clear_error(void);
/* A name from outside (a kernel's, say) made safe to print: control characters and backslashes
 * become \xNN, so that a terminal shows them instead of obeying them. Into out (cap bytes,
 * cut short if need be); returns out. */
char *tsr_printable(const char *s, char *out, size_t cap);

#define TSR_TRY(expr)                  \
  do {                                 \
    tsr_status tsr_try_s_ = (expr);    \
    if (tsr_try_s_ != TSR_OK) return tsr_try_s_; \
  } while (0)

#endif
