#!/usr/bin/env python3
"""Writes docs/commands.md, the reference of every apolo command, from the parser itself (swift-argument-parser's
`--experimental-dump-help`): the same declarations that make `--help` and the manual page, so it cannot drift from
them. `--check` compares the committed file with what the binary would write (run by `make test-e2e`).
Usage: command-reference.py APOLO [--check]"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "commands.md")


def flag(arg):
    names = arg.get("names") or []
    spelled = ", ".join(("--" if n["kind"] == "long" else "-") + n["name"] for n in names)
    if arg["kind"] == "option":
        spelled += f" <{arg.get('valueName', 'value')}>"
    return spelled


def builtin(arg):
    """--help and --version, which every command has."""
    return any(n["name"] in ("help", "h", "version") for n in arg.get("names") or [])


def usage(path, arguments):
    words = ["apolo", *path]
    for arg in arguments:
        if arg["kind"] == "positional":
            word = f"<{arg['valueName']}>" + ("..." if arg.get("isRepeating") else "")
            words.append(f"[{word}]" if arg.get("isOptional") else word)
    return " ".join(words) + (" [options]" if any(a["kind"] != "positional" for a in arguments) else "")


def render(command, path, out):
    if not command.get("shouldDisplay", True):
        return
    subcommands = [c for c in command.get("subcommands") or [] if c.get("shouldDisplay", True)
                   and c["commandName"] != "help"]
    if path:
        out.append(f"{'#' * min(4, len(path) + 1)} `apolo {' '.join(path)}`\n")
        if command.get("abstract"):
            out.append(command["abstract"] + "\n")
        arguments = [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True) and not builtin(a)]
        if not subcommands:
            out.append(f"```\n{usage(path, arguments)}\n```\n")
        if command.get("discussion"):
            out.append(command["discussion"].strip() + "\n")
        rows = [(f"`<{a['valueName']}>`" if a["kind"] == "positional" else f"`{flag(a)}`",
                 (a.get("abstract") or "").replace("|", "\\|")) for a in arguments]
        if rows:
            out.append("| argument or option | what it does |\n|---|---|")
            out.extend(f"| {name} | {words} |" for name, words in rows)
            out.append("")
    for sub in subcommands:
        render(sub, path + [sub["commandName"]], out)


def main():
    apolo = sys.argv[1]
    dump = json.loads(subprocess.run([apolo, "--experimental-dump-help"], capture_output=True, text=True,
                                     check=True).stdout)
    out = ["# apolo's commands", "",
           "Written by `scripts/command-reference.py` from the parser (`apolo --experimental-dump-help`): the same",
           "declarations make `apolo COMMAND --help` and `man apolo`. Concepts, naming slides, scripts, plugins, hooks,",
           "exit codes and files: [reference.md](reference.md).", ""]
    render(dump["command"], [], out)
    text = "\n".join(out).rstrip() + "\n"
    if "--check" in sys.argv:
        have = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if have != text:
            sys.exit("docs/commands.md is not what the parser says: run python3 scripts/command-reference.py "
                     ".build/debug/apolo and commit it")
        return
    open(OUT, "w", encoding="utf-8").write(text)


if __name__ == "__main__":
    main()
