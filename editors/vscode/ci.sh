#!/usr/bin/env bash
# The VS Code extension: install its npm packages from package-lock.json, compile it, test the
# TextMate grammars on the sample files in test/, and package it into fenlint.vsix.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
  echo "SKIPPED editors/vscode: npm is not installed"
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=error
npm run --silent compile
npm test --silent
npm run --silent package
test -s fenlint.vsix
echo "editors/vscode: grammars tested, fenlint.vsix packaged"
