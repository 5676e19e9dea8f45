"""Writes deterministic random inputs for bad-input.test: raw bytes, and
mutations (byte flips, deletions, duplications, truncations) of a PTX file."""
import os
import random
import sys

seed_file, out_dir = sys.argv[1], sys.argv[2]
base = open(seed_file, "rb").read()
rng = random.Random(1234)
tokens = [b"{", b"}", b";", b",", b"[", b"]", b".reg", b"%r1", b"mma.sync", b"//", b"/*",
          b"\"", b"\n", b".entry", b"@", b"!", b"|", b"0f", b"0x", b"<", b">", b"\xff"]
for i in range(40):
    data = bytearray(base)
    for _ in range(rng.randint(1, 12)):
        op = rng.randrange(4)
        pos = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(pos, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            del data[pos:pos + rng.randint(1, 20)]
        elif op == 2:
            data[pos:pos] = rng.choice(tokens)
        else:
            data = data[:pos]
    with open(os.path.join(out_dir, "mut%02d.ptx" % i), "wb") as f:
        f.write(bytes(data))
for i in range(10):
    with open(os.path.join(out_dir, "raw%02d.ptx" % i), "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(rng.randint(1, 400))))
