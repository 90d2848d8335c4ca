#!/usr/bin/env python3
"""Prints bench/run.sh's results as a markdown table (see docs/performance.md).

Reads mm-bench-read's JSON and the wall/CPU seconds that run.sh measured for
mm-opt and for opt run once per module.
"""

import argparse
import json
import os
import statistics


def parse_times(text):
    """"WALL CPU,WALL CPU,..." -> [(wall, cpu), ...]"""
    return [tuple(float(x) for x in run.split()) for run in text.split(",")]


def medians(runs):
    return (statistics.median(run[0] for run in runs),
            statistics.median(run[1] for run in runs))


def ms(seconds):
    return f"{seconds * 1e3:.1f} ms"


def walls(runs):
    return ", ".join(f"{run[0]:.1f}" for run in runs)


def ratio(name, a, b, digits=2):
    return (f"{name} = **{a[0] / b[0]:.{digits}f}** "
            f"(CPU: {a[1] / b[1]:.{digits}f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--read-json", required=True)
    parser.add_argument("--mm-opt-j1-times", required=True)
    parser.add_argument("--mm-opt-times", required=True)
    parser.add_argument("--cores", required=True)
    parser.add_argument("--opt-times", required=True)
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--ll-dir", required=True)
    parser.add_argument("--modules", required=True)
    parser.add_argument("--target-mb", required=True)
    parser.add_argument("--seed", required=True)
    parser.add_argument("--run-command", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--opt", required=True)
    parser.add_argument("--machine", required=True)
    parser.add_argument("--load-before", required=True)
    parser.add_argument("--load-after", required=True)
    parser.add_argument("--total-seconds", type=float, required=True)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()

    read = json.load(open(args.read_json))
    framing = read["framing"]
    parse = read["parse"]
    mm_opt_j1 = parse_times(args.mm_opt_j1_times)
    mm_opt_j1_median = medians(mm_opt_j1)
    mm_opt = parse_times(args.mm_opt_times)
    opt_runs = parse_times(args.opt_times)
    mm_opt_median = medians(mm_opt)
    opt_median = medians(opt_runs)
    bundle_mb = os.path.getsize(args.bundle) / 1e6
    rel = os.path.relpath

    print(f"### mm benchmark: {read['submodules']} modules, {bundle_mb:.1f} MB"
          + (" (--quick)" if args.quick else ""))
    print()
    print(f"Machine: {args.machine}. Load average {args.load_before} before, "
          f"{args.load_after} after; {args.total_seconds:.0f} s in all.")
    print()
    print("| Measurement | Wall (median) | CPU (median) | Throughput (wall) "
          "| Ratio | Target |")
    print("|---|---|---|---|---|---|")
    framing_pct = (100 * framing["seconds"] / parse["seconds"],
                   100 * framing["cpu_seconds"] / parse["cpu_seconds"])
    print(f"| (a) framing: `mm::readBundle`, buffer in memory, "
          f"{framing['runs']} runs | {ms(framing['seconds'])} "
          f"| {ms(framing['cpu_seconds'])} | {framing['mb_per_s']:.0f} MB/s "
          f"| framing/parse = **{framing_pct[0]:.2f}%** "
          f"(CPU: {framing_pct[1]:.2f}%) | < 2% |")
    print(f"| (a) parse: `llvm::parseAssembly`, one context per body, "
          f"{parse['runs']} runs | {ms(parse['seconds'])} "
          f"| {ms(parse['cpu_seconds'])} | {parse['mb_per_s']:.1f} MB/s "
          f"| | |")
    if "submodule_parse" in read:
        sub = read["submodule_parse"]
        print(f"| (a) parse: `mm::parseLLVMSubmodule`, {sub['runs']} runs "
              f"| {ms(sub['seconds'])} | {ms(sub['cpu_seconds'])} "
              f"| {sub['mb_per_s']:.1f} MB/s "
              f"| {ratio('vs. parseAssembly', (sub['seconds'], sub['cpu_seconds']), (parse['seconds'], parse['cpu_seconds']))} "
              f"| |")
    print(f"| (b) `mm-opt -O0 -j1`, one process and one thread for the bundle "
          f"(runs: {walls(mm_opt_j1)} s) | {mm_opt_j1_median[0]:.2f} s "
          f"| {mm_opt_j1_median[1]:.2f} s "
          f"| {bundle_mb / mm_opt_j1_median[0]:.1f} MB/s "
          f"| {ratio('mm-opt -j1/opt', mm_opt_j1_median, opt_median)} "
          f"| <= 1.0 |")
    print(f"| (b) `mm-opt -O0`, one process, default -j ({args.cores} "
          f"threads here) (runs: {walls(mm_opt)} s) "
          f"| {mm_opt_median[0]:.2f} s | {mm_opt_median[1]:.2f} s "
          f"| {bundle_mb / mm_opt_median[0]:.1f} MB/s "
          f"| {ratio('mm-opt/opt', mm_opt_median, opt_median)} | <= 1.0 |")
    print(f"| (b) `opt -O0 -S`, one process per module, {args.modules} in "
          f"sequence (runs: {walls(opt_runs)} s) | {opt_median[0]:.2f} s "
          f"| {opt_median[1]:.2f} s | {bundle_mb / opt_median[0]:.1f} MB/s "
          f"| | |")
    print()
    print(f"Reproduce: `{args.run_command}`. What it runs:")
    print()
    print("```sh")
    build = rel(args.build_dir)
    print(f"python3 bench/gen_bundle.py --modules {args.modules} "
          f"--target-mb {args.target_mb} --seed {args.seed} "
          f"-o {rel(args.bundle)} --ll-dir {rel(args.ll_dir)}")
    print(f"{build}/bin/mm-bench-read {rel(args.bundle)} --rounds 5 "
          f"--framing-runs 7 --json {rel(args.read_json)}")
    print(f"{build}/bin/mm-opt -O0 -j1 {rel(args.bundle)} -o /dev/null")
    print(f"{build}/bin/mm-opt -O0 {rel(args.bundle)} -o /dev/null")
    print(f"for f in {rel(args.ll_dir)}/*.ll; do "
          f"{args.opt} -O0 -S \"$f\" -o /dev/null; done")
    print("```")


if __name__ == "__main__":
    main()
