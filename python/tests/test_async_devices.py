"""Devices that reach each other across the edges of a kernel call (a remote copy started in one
call and waited for in the next two) or of a run_scoped scope (a copy and a signal that land
before their owner opens the scope), and a copy into another device's VMEM output block, with
the checkers on, against numpy; async_device_cases.py holds the kernels,
each case runs in a process of its own (the CPU device count is fixed when JAX starts)."""
from __future__ import annotations

import pytest
from conftest import run_script


@pytest.mark.parametrize("case,devices,order,check", [
    ("remote_permute", 4, "eager", "check"), ("remote_permute", 4, "on-wait", "nocheck"),
    ("remote_permute", 2, "random", "check"),
    ("scoped_early", 4, "eager", "check"), ("scoped_early", 4, "on-wait", "nocheck"),
    ("scoped_early", 2, "random", "check"),
    ("scoped_late", 2, "eager", "nocheck"),
    ("permute_into_output", 4, "eager", "check"), ("permute_into_output", 4, "random", "check"),
])
def test_async_devices(case, devices, order, check):
    r = run_script("async_device_cases.py", case, str(devices), order, check)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"ok {case} {devices} {order} {check == 'check'}" in r.stdout
