#!/usr/bin/env bash
# Sets up what the tests need on a fresh machine (npm ci; Debian's chromium and its headless shell, poppler-utils, Java,
# nginx and postgresql-client when missing), then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
# The e2e tests run in the old headless shell of the same build when it is there (ADR 180); Lighthouse, in the browser.
[ -x /usr/bin/chromium-headless-shell ] || need_apt+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || need_apt+=(poppler-utils)
# The Nu HTML Checker (vnu.jar, from the vnu-jar package) runs on Java (ADR 162).
command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
[ -x /usr/sbin/nginx ] || need_apt+=(nginx)
# The backup test runs pg_dump and pg_restore against PostgreSQL (ADR 144).
command -v pg_dump >/dev/null 2>&1 || need_apt+=(postgresql-client)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing ${need_apt[*]} from Debian..."
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

npm ci --no-audit --no-fund
npm test
