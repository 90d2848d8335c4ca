"""The lit test format of test/docs: every Markdown page of the repository
is a test, run by doc_commands.py."""

import glob
import os
import subprocess
import sys

import lit.formats
import lit.Test

PAGES = ["README.md", "docs/*.md", "docs/*/*.md", "format-spec/*.md",
         "examples/*/README.md", "bench/*.md"]


class DocCommands(lit.formats.TestFormat):
    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig,
                            localConfig):
        # Only here, not in this directory's subdirectories (Inputs).
        if testSuite.getSourcePath(path_in_suite) != os.path.dirname(
                os.path.abspath(__file__)):
            return
        root = localConfig.mm_src_root
        pages = sorted({os.path.relpath(p, root) for pattern in PAGES
                        for p in glob.glob(os.path.join(root, pattern))})
        for page in pages:
            yield lit.Test.Test(testSuite,
                                path_in_suite + tuple(page.split(os.sep)),
                                localConfig)

    def execute(self, test, litConfig):
        config = test.config
        env = dict(os.environ)
        env.update(config.environment)
        result = subprocess.run(
            [sys.executable, os.path.join(os.path.dirname(
                os.path.abspath(__file__)), "doc_commands.py"),
             "--source-root", config.mm_src_root,
             "--build-dir", config.mm_obj_root,
             "--llvm-tools-dir", config.llvm_tools_dir,
             # One argument: the flags start with a dash.
             "--sanitizer-link-flags=" + config.mm_sanitizer_flags,
             "--work", test.getExecPath() + ".tmp",
             os.path.join(config.mm_src_root, *test.path_in_suite[1:])],
            env=env, capture_output=True, text=True, errors="replace")
        output = result.stdout + result.stderr
        return (lit.Test.PASS if result.returncode == 0 else lit.Test.FAIL,
                output)
