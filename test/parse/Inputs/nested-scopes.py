"""nested-scopes.py N OUT: a kernel whose body nests N scopes (its own included)."""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
with open(out, "w") as f:
    f.write(".version 8.0\n.target sm_90\n.address_size 64\n.entry k()\n")
    f.write("{" * n + "\nret;\n" + "}" * n + "\n")
