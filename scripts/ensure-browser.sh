#!/usr/bin/env bash
# What the browser tests need: Debian's chromium (no browser download) and Playwright for Python with pytest in a
# virtual environment of the project's own (.venv-browser). Installs only what is missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/ensure-packages.sh" chromium python3-venv
venv="$root/.venv-browser"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import playwright, pytest, axe_playwright_python" 2>/dev/null; then
    exit 0
fi
echo "installing Playwright for Python, pytest and axe-core (axe-playwright-python) into $venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check playwright pytest axe-playwright-python
