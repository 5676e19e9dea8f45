# -*- Python -*-
# lit suite for the gtest unit tests: every TEST in ptxlint-unittests runs as
# its own lit test, so the check target's summary counts them too.
import lit.formats

config.name = "ptx-lint-unit"
config.test_format = lit.formats.GoogleTest(".", "unittests")
config.test_source_root = config.unittest_dir
config.test_exec_root = config.unittest_dir
