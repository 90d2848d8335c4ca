# The environment of tests in a build with MM_USE_SANITIZER, for both lit
# suites (test/lit.cfg.py and test/Unit/lit.cfg.py).
#
# - AddressSanitizer: container-overflow checks are off, since libLLVM.so is
#   not instrumented and shares std::vector with mm's code; leaks are
#   detected, except those of the programs that mm-lli runs or that mm
#   compiled ahead of time (test/lsan.supp); an allocation too large for
#   the machine returns null, as without the sanitizer, so that a device
#   allocation of that size is cudaErrorMemoryAllocation as it is for
#   users (AddressSanitizer would end the process).
# - UndefinedBehaviorSanitizer: the first report ends the process (the build
#   also says so), with a stack trace.

import os


def apply(config, src_root):
    if not config.mm_use_sanitizer:
        return
    env = config.environment
    env["ASAN_OPTIONS"] = ":".join([
        "detect_leaks=1",
        "detect_container_overflow=0",
        "strict_string_checks=1",
        "detect_stack_use_after_return=1",
        "check_initialization_order=1",
        "allocator_may_return_null=1",
    ])
    env["LSAN_OPTIONS"] = ":".join([
        "suppressions=" + os.path.join(src_root, "test", "lsan.supp"),
        "print_suppressions=0",
    ])
    env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    config.available_features.add("sanitizer")

