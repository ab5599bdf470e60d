"""Writes float32 .npy files with plain Python (no numpy), for the CLI tests' inputs and
expected outputs: an independent reference for what tessera reads and writes."""
import struct


def npy(path, shape, vals):
    head = "{'descr': '<f4', 'fortran_order': False, 'shape': %s, }" % (tuple(shape),)
    head += " " * (63 - (10 + len(head)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(head)) + head.encode())
        f.write(struct.pack("<%df" % len(vals), *vals))
