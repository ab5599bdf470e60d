"""Stand-in for tpu_inference.logger, whose init_logger returns vLLM's logger: the kernels use
it only to log (tuned block sizes not found, and the like). Here it is the standard library's,
with the *_once methods of vLLM's logger (each message logged once per process)."""
import functools
import logging


class _Logger(logging.Logger):
    @functools.lru_cache(maxsize=None)
    def _once(self, level: int, msg: str, *args) -> None:
        self.log(level, msg, *args)

    def debug_once(self, msg: str, *args, **_) -> None:
        self._once(logging.DEBUG, msg, *args)

    def info_once(self, msg: str, *args, **_) -> None:
        self._once(logging.INFO, msg, *args)

    def warning_once(self, msg: str, *args, **_) -> None:
        self._once(logging.WARNING, msg, *args)


def init_logger(name: str) -> _Logger:
    logger = logging.getLogger("vllm." + name)
    logger.__class__ = _Logger  # a Logger made before by getLogger gains the methods too
    return logger
