#!/usr/bin/env python3
"""Tests mm-opt's and mm-llc's claim to print, for a plain one-module .ll
input, exactly what LLVM 19's opt -S and llc print, on LLVM's own
regression tests.

  bench/llvm-regression.py LLVM_PROJECT_DIR BUILD_DIR
      [--suite transforms|codegen|all] [--limit N] [--sample K]
      [--jobs J] [--verbose]

LLVM_PROJECT_DIR holds llvm/test (bench/get-llvm-tests.sh DIR unpacks it
under DIR/llvm-project); BUILD_DIR holds bin/mm-opt and bin/mm-llc.
Suites: transforms, llvm/test/Transforms/**/*.ll; codegen,
llvm/test/CodeGen/{X86,AArch64,NVPTX,AMDGPU}/**/*.ll. --sample K keeps every
K-th file of a suite (sorted by path), --limit N the first N of those.

Every "simple" RUN line, one `opt ARGS | FileCheck ARGS` or
`llc ARGS | FileCheck ARGS` pipeline (no other pipes, no not, no %t, no
output files, no debug/statistics/print/remarks options, no object files),
is run with LLVM's tool (opt with -S added; llc with -o -) and with mm's
(mm-opt, mm-llc) on the file; the standard outputs are compared byte for
byte. Classes: identical, different (both succeed), mm-refused (mm rejects
an option), mm-error (mm fails otherwise), both-fail, llvm-only-fail (LLVM's
tool fails, mm's succeeds), timeout (30 s a command). For identical and
different lines the line's FileCheck runs on mm's output (and, for
different, on LLVM's as well).

The LLVM tools are /usr/lib/llvm-19/bin's (environment: LLVM_BIN overrides).
Nothing is written but temporary files in a temporary directory.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile
import threading

TIMEOUT = 30
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-19/bin")
ALLOWED_FEATURES = {
    "x86-registered-target",
    "aarch64-registered-target",
    "nvptx-registered-target",
    "amdgpu-registered-target",
}
CODEGEN_TARGETS = ("X86", "AArch64", "NVPTX", "AMDGPU")
CLASSES = ("identical", "different", "mm-refused", "mm-error", "both-fail",
           "llvm-only-fail", "timeout")
# Options whose output is not the tool's plain output (or goes to a file).
BAD_OPTION = re.compile(
    r"^--?(debug|debug-only(=.*)?|stats(-json)?|print-.*|pass-remarks.*|"
    r"view-.*|disable-output|filetype=obj|time-trace.*)$")
REFUSED_PATTERNS = (
    re.compile(r"Unknown command line argument '([^']*)'"),
    re.compile(r"for the (--?[^ ]+) option"),
)


class NotSimple(Exception):
    pass


def run_lines(text):
    """The RUN lines of a test, continuation lines joined."""
    lines, cur = [], None
    for raw in text.splitlines():
        i = raw.find("RUN:")
        if i < 0:
            if cur is not None:  # a continuation that was never finished
                lines.append(cur)
                cur = None
            continue
        part = raw[i + 4:].strip()
        cont = part.endswith("\\")
        if cont:
            part = part[:-1].rstrip()
        cur = part if cur is None else cur + " " + part
        if not cont:
            lines.append(cur)
            cur = None
    if cur is not None:
        lines.append(cur)
    return lines


def unsupported_requires(text):
    """The REQUIRES features that are not the four targets, if any."""
    bad = []
    for raw in text.splitlines():
        i = raw.find("REQUIRES:")
        if i < 0:
            continue
        for feat in re.split(r",|&&|\|\||[()]", raw[i + 9:]):
            feat = feat.strip()
            if feat and feat not in ALLOWED_FEATURES:
                bad.append(feat)
    return bad


def tokenize(cmd):
    lex = shlex.shlex(cmd, posix=True, punctuation_chars=True)
    lex.whitespace_split = True
    return list(lex)


def parse_simple(line, path):
    """(tool, tool_args, filecheck_args) of a simple RUN line, or raises
    NotSimple with the reason."""
    d = os.path.dirname(path)
    toks = tokenize(line)
    if toks.count("|") != 1:
        raise NotSimple("not one pipe")
    k = toks.index("|")
    left, right = toks[:k], toks[k + 1:]
    for t in toks:
        if t in (";", "&&", "||", "&", ">", ">>", ">&", "2>", "2>&", "<&",
                 "(", ")", "not"):
            raise NotSimple("shell construct " + t)
    if not left or left[0] not in ("opt", "llc"):
        raise NotSimple("not opt/llc")
    if not right or right[0] != "FileCheck":
        raise NotSimple("not FileCheck")
    tool = left[0]

    def subst(t):
        t = t.replace("%s", path).replace("%S", d).replace("%p", d)
        if "%" in t:
            raise NotSimple("substitution " + t)
        return t

    args, inputs = [], []
    rest = left[1:]
    i = 0
    while i < len(rest):
        t = rest[i]
        if t == "<":
            if i + 1 >= len(rest):
                raise NotSimple("dangling <")
            inputs.append(subst(rest[i + 1]))
            i += 2
            continue
        if t in ("-o", "--o"):
            if i + 1 >= len(rest) or rest[i + 1] != "-":
                raise NotSimple("-o to a file")
            i += 2
            continue
        if t.startswith(("-o=", "--o=")):
            if t.split("=", 1)[1] != "-":
                raise NotSimple("-o to a file")
            i += 1
            continue
        if t in ("-filetype", "--filetype") and i + 1 < len(rest) \
                and rest[i + 1] == "obj":
            raise NotSimple("object output")
        if BAD_OPTION.match(t):
            raise NotSimple("option " + t)
        t = subst(t)
        if t == path or (not t.startswith("-") and t.endswith(
                (".ll", ".bc")) and os.path.isfile(t)):
            inputs.append(t)
        else:
            args.append(t)
        i += 1
    if len(inputs) != 1:
        raise NotSimple("%d inputs" % len(inputs))
    fc = [subst(t) for t in right[1:]]
    return tool, args, inputs[0], fc


def run(cmd, cwd, stdin_data=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True,
                           input=stdin_data,
                           stdin=None if stdin_data is not None
                           else subprocess.DEVNULL,
                           timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, b"", b"timeout"


def first_diff(a, b):
    la, lb = a.split(b"\n"), b.split(b"\n")
    for n, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return "line %d: llvm: %r | mm: %r" % (
                n + 1, x.decode(errors="replace")[:150],
                y.decode(errors="replace")[:150])
    return "line %d: length differs (llvm %d lines, mm %d lines)" % (
        min(len(la), len(lb)) + 1, len(la), len(lb))


def first_line(b):
    for ln in b.decode(errors="replace").splitlines():
        if ln.strip():
            return ln.strip()[:300]
    return ""


def refused_flags(stderr):
    s = stderr.decode(errors="replace")
    # An unknown option is also tried as a group of one-letter options
    # ("for the -p option: may not occur within a group!"): report only the
    # unknown ones when there are any.
    for pat in REFUSED_PATTERNS:
        flags = [m.group(1).split("=", 1)[0] for m in pat.finditer(s)]
        if flags:
            return flags
    return []


def check_case(tool, args, inp, fc, build, tmp):
    if tool == "opt":
        a = list(args)
        if "-S" not in a and "--S" not in a:
            a.append("-S")
        ref_cmd = [os.path.join(LLVM_BIN, "opt")] + a + [inp]
        mm_cmd = [os.path.join(build, "bin", "mm-opt")] + a + [inp]
    else:
        ref_cmd = [os.path.join(LLVM_BIN, "llc")] + args + [inp, "-o", "-"]
        mm_cmd = [os.path.join(build, "bin", "mm-llc")] + args + [inp, "-o",
                                                                  "-"]
    r = {"cmd": " ".join(shlex.quote(x) for x in mm_cmd[1:])}
    rrc, rout, rerr = run(ref_cmd, tmp)
    mrc, mout, merr = run(mm_cmd, tmp)
    if rrc is None or mrc is None:
        r["class"] = "timeout"
        r["detail"] = "llvm timed out" if rrc is None else "mm timed out"
        return r
    if rrc != 0:
        r["class"] = "both-fail" if mrc != 0 else "llvm-only-fail"
        r["detail"] = first_line(rerr)
        return r
    if mrc != 0:
        flags = refused_flags(merr)
        if flags:
            r["class"] = "mm-refused"
            r["flags"] = flags
        else:
            r["class"] = "mm-error"
        r["detail"] = "rc %d: %s" % (mrc, first_line(merr))
        return r
    fc_cmd = [os.path.join(LLVM_BIN, "FileCheck")] + fc
    frc, _, ferr = run(fc_cmd, tmp, stdin_data=mout)
    r["fc_mm"] = frc == 0
    if rout == mout:
        r["class"] = "identical"
        r["fc_llvm"] = r["fc_mm"]
    else:
        r["class"] = "different"
        r["detail"] = first_diff(rout, mout)
        frc2, _, _ = run(fc_cmd, tmp, stdin_data=rout)
        r["fc_llvm"] = frc2 == 0
    return r


def handle_file(suite, path, build, tmp):
    """(file_status, [(tool, run_line, result)])."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if unsupported_requires(text):
            return "requires", []
        cases = []
        for line in run_lines(text):
            try:
                tool, args, inp, fc = parse_simple(line, path)
            except (NotSimple, ValueError):
                continue
            cases.append((tool, line, check_case(tool, args, inp, fc, build,
                                                 tmp)))
        return ("tested" if cases else "no-simple-run"), cases
    except Exception as e:  # any format surprise: skip the file
        return "skipped", [("", repr(e), None)]


def collect(root, suite):
    if suite == "transforms":
        bases = [os.path.join(root, "llvm", "test", "Transforms")]
    else:
        bases = [os.path.join(root, "llvm", "test", "CodeGen", t)
                 for t in CODEGEN_TARGETS]
    files = []
    for b in bases:
        for dp, _, fns in os.walk(b):
            files += [os.path.join(dp, f) for f in fns if f.endswith(".ll")]
    return sorted(files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("llvm_project")
    ap.add_argument("build")
    ap.add_argument("--suite", choices=("transforms", "codegen", "all"),
                    default="all")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--sample", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--verbose", action="store_true")
    o = ap.parse_args()
    root = os.path.abspath(o.llvm_project)
    build = os.path.abspath(o.build)
    for t in ("mm-opt", "mm-llc"):
        if not os.path.exists(os.path.join(build, "bin", t)):
            sys.exit("no %s in %s/bin" % (t, build))
    suites = ["transforms", "codegen"] if o.suite == "all" else [o.suite]
    work = []
    for s in suites:
        files = collect(root, s)[::max(o.sample, 1)]
        if o.limit:
            files = files[:o.limit]
        work += [(s, f) for f in files]
    print("# %s, %d files (sample every %d, limit %s)" % (
        " ".join(sys.argv), len(work), o.sample, o.limit or "none"),
        flush=True)

    file_status = collections.Counter()
    counts = collections.defaultdict(collections.Counter)
    fc_pass = collections.defaultdict(collections.Counter)
    refused = collections.Counter()
    refused_ex = {}
    examples = []
    lock = threading.Lock()
    done = [0]

    def rel(p):
        return os.path.relpath(p, root)

    with tempfile.TemporaryDirectory(prefix="llvm-regression-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(max(o.jobs, 1)) as ex:
        futs = {ex.submit(handle_file, s, f, build, tmp): (s, f)
                for s, f in work}
        for fut in concurrent.futures.as_completed(futs):
            s, f = futs[fut]
            status, cases = fut.result()
            with lock:
                done[0] += 1
                file_status[(s, status)] += 1
                if status == "skipped":
                    counts[s + "/?"]["skipped"] += 1
                    if o.verbose:
                        print("skipped %s: %s" % (rel(f), cases[0][1]))
                for tool, line, r in cases:
                    if r is None:
                        continue
                    key = "%s/%s" % (s, tool)
                    c = r["class"]
                    counts[key][c] += 1
                    if c in ("identical", "different"):
                        fc_pass[key][c + "-total"] += 1
                        fc_pass[key][c + "-mm"] += r["fc_mm"]
                        fc_pass[key][c + "-llvm"] += r["fc_llvm"]
                    for fl in r.get("flags", []):
                        refused[fl] += 1
                        refused_ex.setdefault(fl, rel(f))
                    if c in ("different", "mm-error"):
                        examples.append((c, rel(f), line, r["detail"]))
                    if o.verbose:
                        print("%-14s %s\n    RUN: %s%s" % (
                            c, rel(f), line,
                            ("\n    " + r["detail"]) if "detail" in r
                            else ""), flush=True)
                if done[0] % 250 == 0:
                    print("# progress %d/%d files" % (done[0], len(work)),
                          file=sys.stderr, flush=True)

    print("\n== Files")
    for s in suites:
        st = {k[1]: v for k, v in file_status.items() if k[0] == s}
        print("%-11s %s" % (s, ", ".join("%s %d" % kv
                                          for kv in sorted(st.items()))))
    print("\n== RUN lines by class")
    cols = CLASSES + ("skipped",)
    print("%-17s" % "suite/tool" + "".join("%15s" % c for c in cols)
          + "%8s" % "total")
    for key in sorted(counts):
        row = counts[key]
        print("%-17s" % key + "".join("%15d" % row[c] for c in cols)
              + "%8d" % sum(row.values()))
    print("\n== FileCheck on mm's output (passes/lines; different: also "
          "LLVM's output)")
    for key in sorted(fc_pass):
        p = fc_pass[key]
        print("%-17s identical %d/%d   different: mm %d/%d, llvm %d/%d" % (
            key, p["identical-mm"], p["identical-total"], p["different-mm"],
            p["different-total"], p["different-llvm"], p["different-total"]))
    print("\n== Top refused flags (RUN lines; an example file)")
    for fl, n in refused.most_common(30):
        print("%6d  %-40s %s" % (n, fl, refused_ex[fl]))
    if not o.verbose:
        print("\n== Examples (different, mm-error; up to 20)")
        # Spread the examples over classes and files.
        examples.sort(key=lambda e: (e[0], e[1]))
        picked = [e for e in examples if e[0] == "mm-error"][:10]
        diffs = [e for e in examples if e[0] == "different"]
        want = 20 - len(picked)
        picked += diffs[::max(1, len(diffs) // max(want, 1))][:want]
        for c, f, line, det in picked:
            print("%-10s %s\n    RUN: %s\n    %s" % (c, f, line, det))


if __name__ == "__main__":
    main()
