"""Every rule id ptx-lint emits over the lit test inputs and the corpus is
registered (include/ptxlint/Rules.def): run by emitted-ids-registered.test.

Usage: emitted-ids-registered.py PTXLINT TESTDIR CORPUS (CORPUS may be absent)
"""
import json
import os
import subprocess
import sys

ptxlint, testdir, corpus = sys.argv[1:4]
listing = subprocess.run([ptxlint, '--print-rules=list'], capture_output=True, text=True,
                         check=True).stdout
registered = {line.split('\t')[0] for line in listing.splitlines() if line}
emitted = {}


def collect(args):
    out = subprocess.run([ptxlint, '--format=json', '--enable=all', '--no-config', '-j', '2']
                         + args, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit('ptx-lint %s: exit %d\n%s' % (' '.join(args), out.returncode, out.stderr))
    for f in json.loads(out.stdout)['files']:
        for d in f['diagnostics']:
            emitted.setdefault(d['rule'], f['path'])


# Every .ptx under test/ (directories are searched recursively), the corpus,
# the CUDA sources of test/cuda, and the same PTX against other targets (the
# target and version gates).
collect([testdir])
# The corpus lives beside the checkout (../shared/corpus); a clone elsewhere
# has none, and the test inputs alone still emit most of the registry.
if os.path.isdir(corpus):
    collect([corpus])
else:
    print('note: no corpus at %s; checked the test inputs only' % corpus)
collect(['--target', 'sm_70', testdir + '/check'])
collect(['--arch', 'sm_100a', testdir + '/isa'])
cuda = [os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(testdir, 'cuda'))
        for f in fs if f.endswith(('.cu', '.cuh'))]
if cuda:
    collect(['--lang=cuda'] + cuda)

# A family fact without a row for the family is reported as internal
# (check::familyRule): no test input is a ptx-lint bug.
unregistered = sorted(set(emitted) - registered) + (['internal'] if 'internal' in emitted else [])
for rule in unregistered:
    print('unregistered rule id %s (emitted for %s)' % (rule, emitted[rule]))
print('%d distinct rule ids emitted, %d registered' % (len(emitted), len(registered)))
# The inputs exercise most of the registry: a run that emits little would
# prove nothing.
if len(emitted) < 150:
    print('too few rule ids emitted: the inputs were not checked')
    sys.exit(1)
sys.exit(1 if unregistered else 0)
