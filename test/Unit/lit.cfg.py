# Runs the GoogleTest unit tests under unittests/ through lit.

import os
import sys

import lit.formats

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import sanitizers

config.name = "mm-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.mm_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
sanitizers.apply(config, config.mm_src_root)
