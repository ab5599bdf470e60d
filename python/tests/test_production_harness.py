"""tests/production/run.py's own logic (docs/production.md): the devices a file gets through the
PJRT plugin, and a case its file's run stopped in (--file-timeout, or killed) recorded as an
error rather than left out of the report."""
from __future__ import annotations

import importlib.util
import json

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def harness():
    spec = importlib.util.spec_from_file_location("production_run", str(REPO / "tests" / "production" / "run.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_plugin_devices():
    run = harness()
    ag = "tests/kernels/collectives/all_gather_matmul_kernel_test.py"
    assert run.plugin_devices("v6e", ag) == "v6e:8"  # the test skips unless 8 devices
    assert run.plugin_devices("v6e:4", ag) == "v6e:4"  # a count given is kept
    assert run.plugin_devices("7x", "tests/kernels/gmm_test.py") == "7x"


def test_unfinished_case_is_an_error(tmp_path):
    run = harness()
    res = tmp_path / "v6e-plugin-x.jsonl"
    res.write_text(json.dumps({"id": "A::test_a0", "class": "A", "outcome": "passed", "seconds": 1.0,
                               "message": ""}) + "\n")
    targets = [f"/src/tests/kernels/x_test.py::{t}" for t in ("A::test_a0", "A::test_a1", "B::test_b0")]
    run.unfinished(res, targets, [], 900.5, 900.0)
    recs = run.jax_upstream.read_records(res)
    assert [(r["id"], r["outcome"]) for r in recs] == [("A::test_a0", "passed"), ("A::test_a1", "error")]
    assert recs[1]["class"] == "A" and "stopped after 900 s" in recs[1]["message"]
    # killed before its time: said so; a run whose cases all have records adds nothing
    res.write_text("")
    run.unfinished(res, targets[:1], [], 12.0, 900.0)
    assert "ended without a result" in run.jax_upstream.read_records(res)[0]["message"]
    run.unfinished(res, targets[:1], [], 12.0, 900.0)
    assert len(run.jax_upstream.read_records(res)) == 1
    rules = run.jax_upstream.load_rules(run.HERE / "failures.tsv", run.CATEGORIES)
    cat, _ = run.jax_upstream.classify(dict(recs[1], **{"class": "x_test.py::A"}), rules)
    assert cat == "tessera bug"
