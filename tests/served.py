"""The real `apolo serve` started for a script: on a free loopback port, its address read from its first line."""
import re
import subprocess


def serve(apolo, env):
    """Starts `apolo serve --no-open --no-analyze` with `env`; returns (server, port, token), or (server, None, the
    line it printed) when that line names no address."""
    server = subprocess.Popen([apolo, "serve", "--no-open", "--no-analyze"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    first = server.stdout.readline()
    found = re.search(r":(\d+)/#token=(\w+)", first)
    return (server, int(found.group(1)), found.group(2)) if found else (server, None, first)
