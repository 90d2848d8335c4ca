#!/usr/bin/env python3
"""Prints bench/opt_parallel.sh's results as a markdown table.

Takes the wall/CPU seconds that opt_parallel.sh measured ("WALL CPU,..."
per command) and reports medians and the ratios against their targets.
"""

import argparse
import os
import statistics


def parse_times(text):
    """"WALL CPU,WALL CPU,..." -> [(wall, cpu), ...]"""
    return [tuple(float(x) for x in run.split()) for run in text.split(",")]


def medians(runs):
    return (statistics.median(run[0] for run in runs),
            statistics.median(run[1] for run in runs))


def walls(runs):
    return ", ".join(f"{run[0]:.2f}" for run in runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    for name in ("mm-opt", "opt-sequential", "opt-xargs", "mm-opt-scoped",
                 "mm-opt-same", "run-command", "machine", "load-before",
                 "load-after", "build-dir", "opt", "out"):
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--total-seconds", type=float, required=True)
    parser.add_argument("ll_files", nargs="+")
    args = parser.parse_args()

    runs = {name: parse_times(getattr(args, name)) for name in
            ("mm_opt", "opt_sequential", "opt_xargs", "mm_opt_scoped",
             "mm_opt_same")}
    med = {name: medians(r) for name, r in runs.items()}
    sizes = [os.path.getsize(f) / 1e3 for f in args.ll_files]
    rel = os.path.relpath
    build = rel(args.build_dir)

    print(f"### mm-opt -O3 on {len(args.ll_files)} C++ modules "
          f"({min(sizes):.0f} to {max(sizes):.0f} KB of IR, "
          f"{sum(sizes) / 1e3:.1f} MB in all)")
    print()
    print(f"Machine: {args.machine}. Load average {args.load_before} before, "
          f"{args.load_after} after; {args.total_seconds:.0f} s in all.")
    print()
    print("| Measurement (runs, wall s) | Wall (median) | CPU (median) "
          "| Ratio (wall) | Target |")
    print("|---|---|---|---|---|")

    def row(label, name, ratio="", target=""):
        wall, cpu = med[name]
        print(f"| {label} ({walls(runs[name])}) | {wall:.2f} s | {cpu:.2f} s "
              f"| {ratio} | {target} |")

    def ratio(a, b):
        return f"**{med[a][0] / med[b][0]:.2f}** (CPU: {med[a][1] / med[b][1]:.2f})"

    row("(c) `mm-opt -O3 -j2`, the bundle", "mm_opt")
    row("(c) `opt -O3 -S`, 8 runs in sequence", "opt_sequential",
        "mm-opt ÷ this = " + ratio("mm_opt", "opt_sequential"), "<= 0.60")
    row("(c) `xargs -P2 opt -O3 -S`, the 8 files", "opt_xargs",
        "mm-opt ÷ this = " + ratio("mm_opt", "opt_xargs"), "<= 1.0")
    row("(d) `mm-opt -O3 -j2`, 8 different scoped options", "mm_opt_scoped",
        "÷ identical = " + ratio("mm_opt_scoped", "mm_opt_same"), "<= 1.05")
    row("(d) `mm-opt -O3 -j2`, identical scoped options", "mm_opt_same")
    print()
    print(f"Reproduce: `{args.run_command}`. What it times:")
    print()
    print("```sh")
    out = rel(args.out)
    print(f"{build}/bin/mm-opt -O3 -j2 {out}/plain.mml -o /dev/null")
    files = " ".join(rel(f) for f in args.ll_files)
    print(f"for f in {files}; do {args.opt} -O3 -S \"$f\" -o /dev/null; done")
    print(f"printf '%s\\n' {files} | xargs -P2 -I{{}} {args.opt} -O3 -S {{}} "
          f"-o /dev/null")
    print(f"{build}/bin/mm-opt -O3 -j2 {out}/scoped.mml -o /dev/null")
    print(f"{build}/bin/mm-opt -O3 -j2 {out}/same.mml -o /dev/null")
    print("```")


if __name__ == "__main__":
    main()
