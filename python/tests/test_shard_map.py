"""Kernels under jax.shard_map over 4 and 8 CPU devices run through tessera with the devices
talking to each other: each device's call of the FFI handler meets the others' of the same
launch, and one machine of that many devices runs them all, remote copies landing in the other
devices' buffers. The cases (shard_map_cases.py) run in processes of their own: the CPU device
count is fixed when JAX starts. Outputs against jnp; a kernel that only one device calls is a
clear error after the timeout, not a hang; tessera.jax.timing gives the ring the hand-computed
ICI time."""
from __future__ import annotations

import pytest
from conftest import run_script


def run_case(*args: str):
    return run_script("shard_map_cases.py", *args)


@pytest.mark.parametrize("case,devices,order", [
    ("ring_allgather", 4, "eager"), ("ring_allgather", 8, "eager"), ("ring_allgather", 4, "on-wait"),
    ("ring_allgather", 8, "random"), ("permute_add", 4, "eager"), ("permute_add", 8, "random"),
    ("allreduce", 4, "eager"), ("allreduce", 4, "on-wait"), ("allreduce", 8, "random"),
    ("allreduce_racy", 4, "eager"), ("allreduce_racy", 4, "random"),
    ("permute_out", 4, "eager"), ("permute_out", 4, "random"), ("permute_out_skip", 4, "eager"),
    ("timeout", 4, "eager"), ("timing", 4, "eager"), ("timing", 8, "eager"), ("tpu_info", 4, "eager"),
])
def test_shard_map(case, devices, order):
    r = run_case(case, str(devices), order)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"ok {case} {devices} {order}" in r.stdout
