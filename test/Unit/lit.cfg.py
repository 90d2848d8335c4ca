# Runs the GoogleTest unit tests under unittests/ through lit.

import os

import lit.formats

config.name = "mm-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.mm_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
