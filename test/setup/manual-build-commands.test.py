"""Prints the arguments of the first `cmake -S . -B build` command of a
file, one per line, sorted, `$llvm` spelled out as utils/quickstart.sh
defines it: `-D`, `-G`, `-S` and `-B` each with their value."""

import re
import shlex
import sys

text = open(sys.argv[1]).read().replace("\\\n", " ")
text = text.replace("$llvm", "/usr/lib/llvm-19")
line = next(l for l in text.splitlines() if re.search(r"\bcmake -S \. -B build\b", l))
words = shlex.split(line[line.index("cmake"):])[1:]
arguments = []
while words:
    word = words.pop(0)
    if word in ("-S", "-B", "-G"):
        word += " " + words.pop(0)
    elif word.startswith(">"):
        break
    arguments.append(word)
print("\n".join(sorted(arguments)))
