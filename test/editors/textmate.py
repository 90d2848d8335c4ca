#!/usr/bin/env python3
"""Tokenizes a file with a TextMate grammar, as VS Code's engine does, and
prints each line's tokens with their scopes.

    textmate.py GRAMMAR.json [--embedded OTHER.json]... FILE

It implements what mm's grammar (utils/editors/vscode) uses of the
TextMate language: `match` and `begin`/`end` rules with `name`,
`contentName` and captures (named, or with `patterns`), `include` of
`#repository` rules, `$self` and other grammars by scope name (a grammar
that is not given is skipped, as an editor without it does). At one
position, a rule's end comes before the rule's patterns; among patterns,
the earliest match wins, and the first listed on a tie. Patterns are
Python regular expressions, which agree with Oniguruma on the constructs
mm's grammar uses. Output, one line per input line:

    LINE: [TEXT](SCOPE SCOPE ...) [TEXT](...) ...

with the grammar's own scope name left out of every token.
"""

import argparse
import json
import re
import sys


class Grammar:
    def __init__(self, data, grammars):
        self.data = data
        self.scope = data["scopeName"]
        self.grammars = grammars

    def rule(self, name):
        return self.data["repository"][name]


def expand(patterns, grammar, seen=None):
    """The match and begin rules of a pattern list, includes resolved, each
    with the grammar it belongs to."""
    seen = set() if seen is None else seen
    rules = []
    for p in patterns:
        if "include" in p:
            target = p["include"]
            if target.startswith("#"):
                key = (grammar.scope, target)
                if key in seen:
                    continue
                rules += expand([grammar.rule(target[1:])], grammar,
                                seen | {key})
            elif target == "$self":
                rules += expand(grammar.data["patterns"], grammar, seen)
            elif target in grammar.grammars:
                other = grammar.grammars[target]
                rules += expand(other.data["patterns"], other, seen)
        elif "match" in p or "begin" in p:
            rules.append((p, grammar))
        elif "patterns" in p:
            rules += expand(p["patterns"], grammar, seen)
    return rules


def capture_tokens(text, start, match, captures, scopes, grammar):
    """Tokens of a match's text: each capture group's scope, or its
    patterns, over the scopes the match has."""
    per_char = [list(scopes) for _ in text]
    if captures:
        for group, capture in sorted(captures.items(), key=lambda kv: int(kv[0])):
            g = int(group)
            if match.start(g) < 0 or match.start(g) == match.end(g):
                continue
            lo, hi = match.start(g) - start, match.end(g) - start
            if "name" in capture:
                for i in range(lo, hi):
                    per_char[i] = per_char[i] + capture["name"].split()
            if "patterns" in capture:
                inner = tokenize_flat(text[lo:hi], capture["patterns"],
                                      per_char[lo], grammar)
                i = lo
                for piece, piece_scopes in inner:
                    for j in range(i, i + len(piece)):
                        per_char[j] = piece_scopes
                    i += len(piece)
    return merge(text, per_char)


def merge(text, per_char):
    tokens = []
    for ch, scopes in zip(text, per_char):
        if tokens and tokens[-1][1] == scopes:
            tokens[-1][0] += ch
        else:
            tokens.append([ch, scopes])
    return [(t, s) for t, s in tokens]


def tokenize_flat(text, patterns, scopes, grammar):
    """Tokens of a capture's text by match rules only."""
    rules = [r for r in expand(patterns, grammar) if "match" in r[0]]
    tokens, pos = [], 0
    while pos < len(text):
        best = None
        for rule, g in rules:
            m = re.compile(rule["match"]).search(text, pos)
            if m and m.end() > m.start() and (best is None or
                                              m.start() < best[0].start()):
                best = (m, rule, g)
        if not best:
            break
        m, rule, g = best
        if m.start() > pos:
            tokens.append((text[pos:m.start()], list(scopes)))
        inner = list(scopes) + rule.get("name", "").split()
        tokens += capture_tokens(m.group(0), m.start(), m,
                                 rule.get("captures"), inner, g)
        pos = m.end()
    if pos < len(text):
        tokens.append((text[pos:], list(scopes)))
    return tokens


def tokenize(lines, root):
    # A frame: (patterns' rules, scopes of its content, end regex, scopes of
    # its begin/end text, end captures, grammar).
    stack = [(expand(root.data["patterns"], root), [root.scope], None, None,
              None, root)]
    for line in lines:
        tokens, pos = [], 0
        while True:
            rules, content, end, outer, end_captures, grammar = stack[-1]
            best = None
            if end is not None:
                m = end.search(line, pos)
                if m:
                    best = (m, None, None)
            for rule, g in rules:
                regex = re.compile(rule.get("match") or rule["begin"])
                m = regex.search(line, pos)
                if m and (best is None or m.start() < best[0].start()):
                    best = (m, rule, g)
            if best is None:
                if pos < len(line):
                    tokens.append((line[pos:], content))
                break
            m, rule, g = best
            if m.start() > pos:
                tokens.append((line[pos:m.start()], content))
            if rule is None:  # the frame's end
                tokens += capture_tokens(m.group(0), m.start(), m,
                                         end_captures, outer, grammar)
                stack.pop()
            elif "match" in rule:
                scopes = content + rule.get("name", "").split()
                tokens += capture_tokens(m.group(0), m.start(), m,
                                         rule.get("captures"), scopes, g)
            else:
                scopes = content + rule.get("name", "").split()
                tokens += capture_tokens(
                    m.group(0), m.start(), m,
                    rule.get("beginCaptures", rule.get("captures")), scopes, g)
                stack.append((expand(rule.get("patterns", []), g),
                              scopes + rule.get("contentName", "").split(),
                              re.compile(rule["end"]), scopes,
                              rule.get("endCaptures", rule.get("captures")),
                              g))
            if m.end() == m.start() and rule is not None and "match" in rule:
                # An empty match that changes nothing: move on.
                if m.end() >= len(line):
                    break
                tokens.append((line[m.end()], content))
                pos = m.end() + 1
                continue
            pos = m.end()
            if pos > len(line):
                break
        yield tokens


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("grammar")
    parser.add_argument("--embedded", action="append", default=[])
    parser.add_argument("file")
    args = parser.parse_args()
    grammars = {}
    for path in [args.grammar] + args.embedded:
        with open(path) as f:
            g = Grammar(json.load(f), grammars)
        grammars[g.scope] = g
    with open(args.grammar) as f:
        root = grammars[json.load(f)["scopeName"]]
    with open(args.file) as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for n, tokens in enumerate(tokenize(lines, root), 1):
        shown = " ".join("[%s](%s)" % (text, " ".join(
            s for s in scopes if s != root.scope)) for text, scopes in tokens)
        print("%d: %s" % (n, shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
