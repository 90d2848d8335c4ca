#!/usr/bin/env python3
"""Generates large .mml bundles of real LLVM IR for the benchmarks.

Every submodule body is an x86_64 module made of one to three functions that
llvm-stress generated, renamed so that a module's functions never clash, with
the module's own `target datalayout` and `target triple` lines. The output
only depends on --seed, --modules, --target-mb and the llvm-stress binary.

    gen_bundle.py --modules 1000 --target-mb 100 -o big.mml --ll-dir big.d

writes the bundle big.mml and, with --ll-dir, the same bodies as big.d/NAME.ll
(one file per submodule, byte for byte the bundle's body) for the baselines
that run `opt` once per module.
"""

import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys

TRIPLE = "x86_64-unknown-linux-gnu"
# LLVM 19's datalayout for x86_64-unknown-linux-gnu, as clang emits it.
DATALAYOUT = ("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128"
              "-n8:16:32:64-S128")
MB = 1000 * 1000

# Calibration: a few fixed llvm-stress runs give the bytes of IR per unit of
# -size, so that the requested sizes land near --target-mb.
CALIBRATION_SEEDS = (1, 2, 3)
CALIBRATION_SIZE = 1000
# llvm-stress -size bounds: tiny functions are mostly the prologue, and very
# large ones are slow to generate.
MIN_STRESS_SIZE = 20
MAX_STRESS_SIZE = 20000

DEFINE_RE = re.compile(r"^define void @autogen_SD\d+\(", re.MULTILINE)


def find_tool(name, explicit):
    if explicit:
        return explicit
    for candidate in (os.path.join("/usr/lib/llvm-19/bin", name),
                      shutil.which(name + "-19"), shutil.which(name)):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit(f"gen_bundle.py: cannot find {name}; pass --{name}")


def run_stress(stress, seed, size):
    """Returns llvm-stress's module for (seed, size), without the lines that
    name the module (ModuleID, source_filename)."""
    text = subprocess.run([stress, f"-seed={seed}", f"-size={size}", "-o", "-"],
                          check=True, stdout=subprocess.PIPE,
                          text=True).stdout
    lines = [line for line in text.splitlines(keepends=True)
             if not line.startswith("; ModuleID")
             and not line.startswith("source_filename")]
    return "".join(lines).strip("\n") + "\n"


def rename_function(text, new_name):
    """Renames the single function llvm-stress defines (@autogen_SD<seed>)."""
    text, count = DEFINE_RE.subn(f"define void @{new_name}(", text, count=1)
    if count != 1:
        raise RuntimeError("unexpected llvm-stress output: no autogen function")
    return text


class Plan:
    """What one submodule is made of: its name and (seed, size) for each of
    its functions. Drawn sequentially from one RNG, so that it only depends
    on the arguments."""

    def __init__(self, name, functions):
        self.name = name
        self.functions = functions


def make_plans(args, bytes_per_unit):
    rng = random.Random(args.seed)
    mean_bytes = args.target_mb * MB / args.modules
    plans = []
    for index in range(args.modules):
        # Module sizes vary from half to one and a half times the mean.
        module_bytes = mean_bytes * rng.uniform(0.5, 1.5)
        count = rng.randint(1, 3)
        functions = []
        for _ in range(count):
            size = int(module_bytes / count / bytes_per_unit)
            size = max(MIN_STRESS_SIZE, min(MAX_STRESS_SIZE, size))
            functions.append((rng.randrange(1, 2**31), size))
        plans.append(Plan(f"m{index:0{len(str(args.modules - 1))}d}",
                          functions))
    return plans


def make_body(stress, plan):
    parts = [f"; ModuleID = '{plan.name}'\n",
             f"source_filename = \"{plan.name}\"\n",
             f"target datalayout = \"{DATALAYOUT}\"\n",
             f"target triple = \"{TRIPLE}\"\n"]
    for index, (seed, size) in enumerate(plan.functions):
        parts.append("\n")
        parts.append(rename_function(run_stress(stress, seed, size),
                                     f"{plan.name}_f{index}"))
    return "".join(parts)


def calibrate(stress):
    total = sum(len(run_stress(stress, seed, CALIBRATION_SIZE))
                for seed in CALIBRATION_SEEDS)
    return total / (len(CALIBRATION_SEEDS) * CALIBRATION_SIZE)


def check_bodies(opt, paths, jobs):
    """Runs `opt -disable-output` (parse and verify) on every file."""
    def check(path):
        result = subprocess.run([opt, "-disable-output", path],
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        return path, result.returncode, result.stderr
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for path, code, err in pool.map(check, paths):
            if code != 0:
                sys.exit(f"gen_bundle.py: opt rejects {path}:\n{err}")


def main():
    parser = argparse.ArgumentParser(
        description="Generate a large .mml bundle from llvm-stress IR.")
    parser.add_argument("--modules", type=int, default=1000,
                        help="number of submodules (default: 1000)")
    parser.add_argument("--target-mb", type=float, default=100.0,
                        help="approximate bundle size in MB of 10^6 bytes "
                             "(default: 100)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the generator (default: 1)")
    parser.add_argument("-o", "--output", required=True,
                        help="the bundle to write")
    parser.add_argument("--ll-dir",
                        help="also write each body as DIR/NAME.ll")
    parser.add_argument("--check", action="store_true",
                        help="check that opt parses and verifies every body "
                             "(needs --ll-dir)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="llvm-stress processes run in parallel")
    parser.add_argument("--llvm-stress", help="llvm-stress binary")
    parser.add_argument("--opt", help="opt binary (for --check)")
    args = parser.parse_args()
    if args.modules < 1 or args.target_mb <= 0:
        parser.error("--modules and --target-mb must be positive")
    if args.check and not args.ll_dir:
        parser.error("--check needs --ll-dir")

    stress = find_tool("llvm-stress", args.llvm_stress)
    plans = make_plans(args, calibrate(stress))

    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        bodies = list(pool.map(lambda plan: make_body(stress, plan), plans))

    if args.ll_dir:
        os.makedirs(args.ll_dir, exist_ok=True)
        for entry in os.listdir(args.ll_dir):
            if entry.endswith(".ll"):
                os.remove(os.path.join(args.ll_dir, entry))
    paths = []
    with open(args.output, "w", newline="\n") as bundle:
        bundle.write(f"; Generated by bench/gen_bundle.py --modules "
                     f"{args.modules} --target-mb {args.target_mb:g} "
                     f"--seed {args.seed}\n")
        bundle.write("#mm bundle version=1\n")
        for index, (plan, body) in enumerate(zip(plans, bodies)):
            # A bundle has at most one host; the other x86_64 modules are
            # tagged as devices, which changes nothing for mm-opt.
            role = "host" if index == 0 else "device"
            bundle.write(f"#mm module {plan.name} kind=llvm triple={TRIPLE} "
                         f"role={role}\n")
            bundle.write(body)
            if args.ll_dir:
                path = os.path.join(args.ll_dir, plan.name + ".ll")
                with open(path, "w", newline="\n") as single:
                    single.write(body)
                paths.append(path)

    if args.check:
        check_bodies(find_tool("opt", args.opt), paths, max(1, args.jobs))

    total = sum(len(body) for body in bodies)
    print(f"gen_bundle.py: wrote {args.output}: {args.modules} modules, "
          f"{sum(len(p.functions) for p in plans)} functions, "
          f"{total / MB:.1f} MB of bodies, "
          f"{os.path.getsize(args.output) / MB:.1f} MB in all")


if __name__ == "__main__":
    main()
