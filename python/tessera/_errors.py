"""tessera.KernelError: what tessera found wrong with a kernel, in tessera's words."""
from __future__ import annotations

import re

# The XLA FFI handler's errors read "tessera: kernel 'NAME': MESSAGE [TSR_ERR_...]" (src/ffi/
# handler.c); JAX puts its own status word in front ("FAILED_PRECONDITION: ").
_FFI_MESSAGE = re.compile(r"tessera: (?P<msg>.*?)(?: \[(?P<status>TSR_ERR_[A-Z_]+)\])?\s*$", re.S)
_KERNEL = re.compile(r"kernel '(?P<name>[^']*)'")
# Several findings read "N findings:" then one a line, "  1. ...", "  2. ..." (src/ffi/runner.c)
_FINDING = re.compile(r"^  \d+\. (.*)$", re.M)


class KernelError(RuntimeError):
    """A kernel that tessera could not run, or whose run the checkers found fault with: a race,
    a semaphore left unbalanced, a deadlock, poison in an output, an op tessera does not run,
    an op budget overrun, a payload that does not parse, operands that disagree with the
    kernel. The message is tessera's own (kernel name, op, location).

    `status` is tessera's status name (``"TSR_ERR_RACE"``, ...) and `kernel` the kernel's name,
    when known. `findings` lists what the checkers found, one string each (those the message
    holds), or the message alone for any other failure."""

    def __init__(self, message: str, status: str | None = None, kernel: str | None = None):
        super().__init__(message)
        self.status = status
        self.kernel = kernel
        self.findings: list[str] = _FINDING.findall(message) or [message]
        if kernel is None:
            m = _KERNEL.search(message)
            self.kernel = m.group("name") if m else None


def from_runtime_error(exc: BaseException) -> KernelError | None:
    """The KernelError an exception that JAX raised for a failed tessera kernel call carries,
    or None when it is not one."""
    text = str(exc)
    at = text.find("tessera: ")
    m = _FFI_MESSAGE.match(text, at) if at >= 0 else None
    if not m or not m.group("status"):
        return None
    return KernelError(m.group("msg"), m.group("status"))
