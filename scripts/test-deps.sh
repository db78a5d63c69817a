#!/usr/bin/env bash
# The system packages the test suite needs, installed when missing (npm test runs this first, and so
# does CI): the real shells the completion scripts are tested in (and bash-completion, whose loader
# finds an installed script), Debian's chromium for the public form page (driven by playwright-core,
# which downloads nothing), zbar's zbarimg and Ghostscript to read QR designs back, fonts for QR frame
# texts, util-linux's script and tmux for the terminal tests, and a PostgreSQL server for the sync
# tests (the harness starts its own cluster in a temporary directory), and a real Secret Service for
# the keyring tests: gnome-keyring on a D-Bus bus the test starts itself (dbus-daemon, dbus-send),
# looked into with secret-tool (libsecret-tools); jq and sqlite3, which the documentation's runnable
# examples use (test/commands/readmeExamples.test.ts).
# As root (a fresh Debian or Ubuntu machine, CI) it installs them with apt-get; otherwise it stops
# before any test runs, with one line naming the missing packages and the command that installs them.
set -euo pipefail
need=()
command -v zsh >/dev/null || need+=(zsh)
command -v fish >/dev/null || need+=(fish)
[ -e /usr/share/bash-completion/bash_completion ] || need+=(bash-completion)
command -v chromium >/dev/null || need+=(chromium)
command -v zbarimg >/dev/null || need+=(zbar-tools)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
[ -e /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || need+=(fonts-liberation)
command -v gs >/dev/null || need+=(ghostscript)
command -v script >/dev/null || need+=(util-linux)
command -v tmux >/dev/null || need+=(tmux)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
command -v secret-tool >/dev/null || need+=(libsecret-tools)
{ command -v dbus-daemon && command -v dbus-send; } >/dev/null || need+=(dbus)
command -v jq >/dev/null || need+=(jq)
command -v sqlite3 >/dev/null || need+=(sqlite3)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The tests need these system packages: ${need[*]}. Install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${need[*]}" >&2
  exit 1
fi
echo "Installing the system packages the tests need: ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
