#!/usr/bin/env python3
"""Runs the shell commands of a Markdown page, as a reader would type them.

    doc_commands.py --source-root SRC --build-dir BUILD --work DIR PAGE.md

The commands are the lines of the page's fenced code blocks:

- a ```console block holds commands after a `$ ` prompt (a line ending in
  `\\` continues on the next, and a here-document's lines are the
  command's) and, after each, the output the page shows for it;
- a ```sh block holds commands only, one per line, no prompt.

They run in order, in one bash process, in a scratch copy of the source
tree (DIR/tree, with `build` a link to BUILD), with mm's tools and LLVM's
on PATH as docs/README.md asks the reader to put them, and HOME a new
directory DIR/home: `cd` and `export`
carry over from one command to the next as in a terminal, the files a page
writes stay in the copy, and `build/bin/...`, `examples/...` or
`format-spec/...` are where the page says. Each command's standard output
and standard error, together, are compared with the output the page shows,
if it shows any: line for line, trailing blanks aside, a line `...`
standing for any number of lines and `...` within a line for any text (for
`ls`, which prints columns to a terminal, the names are compared). A
command must exit with 0, unless the output the page shows for it has an
`error:`, when it must fail.

Hidden directives, HTML comments that a Markdown viewer does not show:

- `<!-- doc-test: setup` ... `-->`: commands (`$ ` lines, as in a console
  block) that prepare what the page assumes, such as a broken file for an
  example of an error message; run where they stand;
- `<!-- doc-test: skip REASON -->` before a block: the block is not run.
  The reason is required and printed, so that a reader of the test log
  sees what is not run and why.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys

FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
SKIP = re.compile(r"^\s*<!--\s*doc-test:\s*skip\b(.*?)-->\s*$")
SETUP_BEGIN = re.compile(r"^\s*<!--\s*doc-test:\s*setup\s*$")
SETUP_END = re.compile(r"^\s*-->\s*$")
DIRECTIVE = re.compile(r"<!--\s*doc-test")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")
SHELL_LANGUAGES = {"sh", "bash", "shell"}
MARKER = "@@doc-test-exit@@"


class Command:
    def __init__(self, line, text):
        self.line = line  # where it starts in the page, 1-based
        self.text = text
        self.expected = []  # the output the page shows; empty: not checked


def parse_commands(lines, first_line, indent, prompt_required):
    """Commands of a block's lines (without the fences) that start at line
    first_line of the page: after a `$ ` prompt if prompt_required, else
    every line that is not blank."""
    body = [l[indent:] if l.startswith(" " * indent) else l.lstrip()
            for l in lines]
    commands = []
    i = 0
    while i < len(body):
        line = body[i]
        if line.startswith("$ ") or (not prompt_required and line.strip()):
            start = i
            text = line[2:] if line.startswith("$ ") else line
            i += 1
            while text.endswith("\\") and i < len(body):
                text += "\n" + body[i]
                i += 1
            heredoc = HEREDOC.search(text)
            if heredoc:
                delimiter = heredoc.group(2)
                while i < len(body) and body[i] != delimiter:
                    text += "\n" + body[i]
                    i += 1
                if i == len(body):
                    raise SyntaxError("line %d: here-document without its "
                                      "'%s' line" % (first_line + start,
                                                     delimiter))
                text += "\n" + body[i]
                i += 1
            commands.append(Command(first_line + start, text))
            continue
        i += 1
        if not line.strip() and not commands:
            continue
        if not prompt_required:
            continue
        if not commands:
            raise SyntaxError("line %d: output before the first '$ ' command"
                              % (first_line + i - 1))
        commands[-1].expected.append(line.rstrip())
    for c in commands:
        while c.expected and not c.expected[-1]:
            c.expected.pop()
    return commands


def parse_page(text):
    """The page's steps: ('run', [Command]) and ('skip', line, reason)."""
    lines = text.split("\n")
    steps = []
    skip_reason = None
    i = 0
    while i < len(lines):
        line = lines[i]
        m = SKIP.match(line)
        if m:
            reason = m.group(1).strip()
            if not reason:
                raise SyntaxError("line %d: 'doc-test: skip' without a reason"
                                  % (i + 1))
            skip_reason = reason
            i += 1
            continue
        if SETUP_BEGIN.match(line):
            j = i + 1
            while j < len(lines) and not SETUP_END.match(lines[j]):
                j += 1
            if j == len(lines):
                raise SyntaxError("line %d: unterminated 'doc-test: setup'"
                                  % (i + 1))
            steps.append(("run", parse_commands(lines[i + 1:j], i + 2, 0,
                                               True)))
            i = j + 1
            continue
        if DIRECTIVE.search(line):
            raise SyntaxError("line %d: unknown doc-test directive" % (i + 1))
        m = FENCE.match(line)
        if not m:
            i += 1
            continue
        indent, language = len(m.group(1)), m.group(2)
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            j += 1
        body = lines[i + 1:j]
        if language == "console" or language in SHELL_LANGUAGES:
            if skip_reason is not None:
                steps.append(("skip", i + 1, skip_reason))
            else:
                steps.append(("run", parse_commands(
                    body, i + 2, indent, language == "console")))
        elif skip_reason is not None:
            raise SyntaxError("line %d: 'doc-test: skip' before a block that "
                              "is not a command block" % (i + 1))
        skip_reason = None
        i = j + 1
    return steps


def output_matches(expected, actual):
    """expected's lines, with '...' for any number of lines, against
    actual's."""
    if not expected:
        return True
    if expected[0] == "...":
        return any(output_matches(expected[1:], actual[k:])
                   for k in range(len(actual) + 1))
    return bool(actual) and line_matches(expected[0], actual[0]) and \
        output_matches(expected[1:], actual[1:])


def line_matches(expected, actual):
    """An expected line, with '...' for any text within it, against an
    actual one."""
    if "..." not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual) is not None


def copy_tree(source_root, tree):
    """The source tree's files: those git tracks or would track, where it
    can tell."""
    try:
        files = subprocess.run(
            ["git", "-C", source_root, "ls-files", "-z", "--cached", "--others",
             "--exclude-standard"], check=True,
            capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        files = None
    if not files or files == [""]:
        shutil.copytree(source_root, tree, symlinks=True, ignore=lambda d, n: [
            x for x in n if d == source_root and
            (x.startswith("build") or x == ".git")])
        return
    for f in files:
        if not f:
            continue
        src = os.path.join(source_root, f)
        if not os.path.lexists(src):
            continue  # deleted in the work tree, not yet committed
        dst = os.path.join(tree, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst, follow_symlinks=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source-root", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--llvm-tools-dir", default="/usr/lib/llvm-19/bin")
    parser.add_argument("--sanitizer-link-flags", default="",
                        help="what a program linked with a sanitizer "
                        "build's runtime needs (its sanitizers' runtimes)")
    parser.add_argument("--work", required=True,
                        help="scratch directory, emptied first")
    parser.add_argument("page")
    args = parser.parse_args()

    source_root = os.path.abspath(args.source_root)
    page = os.path.abspath(args.page)
    with open(page, encoding="utf-8") as f:
        try:
            steps = parse_page(f.read())
        except SyntaxError as e:
            line, message = re.match(r"line (\d+): (.*)", e.msg).groups()
            print("%s:%s: error: %s" % (args.page, line, message),
                  file=sys.stderr)
            return 1

    shutil.rmtree(args.work, ignore_errors=True)
    tree = os.path.join(os.path.abspath(args.work), "tree")
    copy_tree(source_root, tree)
    os.symlink(os.path.abspath(args.build_dir), os.path.join(tree, "build"))
    commands = [c for kind, *rest in steps if kind == "run" for c in rest[0]]
    # The page as the messages name it: from the source root, if it is
    # there, else as given.
    if os.path.commonpath([page, source_root]) == source_root:
        shown_page = os.path.relpath(page, source_root)
    else:
        shown_page = args.page
    for kind, *rest in steps:
        if kind == "skip":
            print("%s:%d: not run: %s" % (shown_page, rest[0], rest[1]))

    # One bash process: each command, then a marker line with its status.
    script = ["exec 2>&1", "cd %s" % shlex.quote(tree)]
    for c in commands:
        script.append(c.text)
        script.append('echo "%s $?"' % MARKER)
    # The pages assume mm's tools and LLVM 19's on PATH (docs/README.md says
    # how), and nothing of a reader's own settings for mm.
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.join(tree, "build", "bin"),
                                   args.llvm_tools_dir, env.get("PATH", "")])
    for name in list(env):
        if name.startswith("MM_"):
            del env[name]
    env["MM_CACHE_DISABLE"] = "1"
    # Programs that a sanitizer build's toolkit links need the sanitizers'
    # runtimes, which mm's nvcc adds itself; a build system that links with
    # the host compiler (CMake's CUDA language) gets them as a reader of
    # such a build would give them: clang's C++ compiler, whose runtimes
    # they are, and LDFLAGS, CMake's initial linker flags.
    if args.sanitizer_link_flags:
        env["CXX"] = os.path.join(args.llvm_tools_dir, "clang++")
        env["LDFLAGS"] = args.sanitizer_link_flags
    # A home of its own, as a new user's: what a page installs there (an
    # editor's files) stays in the scratch directory.
    env["HOME"] = os.path.join(os.path.abspath(args.work), "home")
    os.makedirs(env["HOME"])
    result = subprocess.run(["bash", "--noprofile", "--norc"], env=env,
                            input="\n".join(script) + "\n",
                            capture_output=True, text=True,
                            errors="replace", cwd=tree)
    outputs, statuses, current = [], [], []
    for line in result.stdout.split("\n"):
        if line.startswith(MARKER + " "):
            outputs.append(current)
            statuses.append(int(line.split()[-1]))
            current = []
        else:
            current.append(line.rstrip())

    failures = 0
    for n, c in enumerate(commands):
        shown = "$ " + c.text.replace("\n", "\n  ")
        if n >= len(statuses):
            print("%s:%d: error: the shell stopped before this command:\n%s"
                  % (shown_page, c.line, shown))
            failures += 1
            break
        actual = outputs[n]
        while actual and not actual[-1]:
            actual.pop()
        must_fail = any("error:" in l for l in c.expected)
        problems = []
        if must_fail and statuses[n] == 0:
            problems.append("exit status 0, but the page shows an error")
        if not must_fail and statuses[n] != 0:
            problems.append("exit status %d" % statuses[n])
        if c.expected and c.text.split()[0] == "ls":
            # ls writes columns to a terminal and a name per line to a pipe.
            if sorted(" ".join(c.expected).split()) != \
                    sorted(" ".join(actual).split()):
                problems.append("ls lists other names than the page's")
        elif c.expected and not output_matches(c.expected, actual):
            problems.append("output differs from the page's")
        print("%s:%d: %s %s" % (shown_page, c.line,
                                "FAIL" if problems else "ok", c.text.split(
                                    "\n")[0]))
        if problems:
            failures += 1
            print("  " + "; ".join(problems))
            if c.expected:
                print("  the page shows:")
                print("\n".join("    | " + l for l in c.expected))
            print("  the command printed:")
            print("\n".join("    | " + l for l in actual))
    print("%d commands, %d failed" % (len(commands), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
