#!/usr/bin/env bash
# The VS Code extension: install its npm packages from package-lock.json, compile it, test the
# TextMate grammars on the sample files in test/, package it into fenlint.vsix and check that
# the package holds what the extension needs at run time.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
  echo "SKIPPED editors/vscode: npm is not installed, so the VS Code extension was not built or tested"
  exit 0
fi
start=$SECONDS
npm ci --no-audit --no-fund --loglevel=error
npm run --silent compile
npm test --silent
rm -f fenlint.vsix
npm run --silent package
test -s fenlint.vsix
# The entries the extension cannot run without.
node - <<'JS'
const yauzl = require("yauzl");
const needed = [
  "extension/package.json",
  "extension/out/extension.js",
  "extension/syntaxes/fen.tmLanguage.json",
  "extension/syntaxes/epd.tmLanguage.json",
  "extension/syntaxes/pgn.tmLanguage.json",
  "extension/language-configuration/fen.json",
  "extension/language-configuration/epd.json",
  "extension/language-configuration/pgn.json",
  "extension/node_modules/vscode-languageclient/node.js",
];
yauzl.open("fenlint.vsix", { lazyEntries: true }, (error, zip) => {
  if (error) throw error;
  const seen = new Set();
  zip.on("entry", (entry) => { seen.add(entry.fileName); zip.readEntry(); });
  zip.on("end", () => {
    const missing = needed.filter((name) => !seen.has(name));
    if (missing.length > 0) {
      console.error(`fenlint.vsix lacks: ${missing.join(", ")}`);
      process.exit(1);
    }
  });
  zip.readEntry();
});
JS
echo "editors/vscode: compiled, grammar tests passed, fenlint.vsix packaged and checked ($((SECONDS - start)) s)"
