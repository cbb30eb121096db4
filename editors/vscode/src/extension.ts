// The fenlint extension: starts `fenlint lsp` for FEN, EPD and PGN documents and passes the
// `fenlint.*` settings to it. Everything else (diagnostics, quick fixes, hover, formatting,
// outline, folding) comes from the server.

import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

let client: LanguageClient | undefined;

/** The settings the server reads: `{ variant, severities }`. */
function serverSettings(): { variant: string; severities: Record<string, string> } {
  const config = vscode.workspace.getConfiguration("fenlint");
  return {
    variant: config.get<string>("variant", "auto"),
    severities: config.get<Record<string, string>>("severities", {}),
  };
}

function createClient(): LanguageClient {
  const command = vscode.workspace.getConfiguration("fenlint").get<string>("path", "fenlint");
  const serverOptions: ServerOptions = {
    command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: ["fen", "epd", "pgn"].flatMap((language) => [
      { scheme: "file", language },
      { scheme: "untitled", language },
    ]),
    initializationOptions: serverSettings(),
    synchronize: {
      configurationSection: "fenlint",
      fileEvents: vscode.workspace.createFileSystemWatcher("**/fenlint.toml"),
    },
  };
  return new LanguageClient("fenlint", "fenlint", serverOptions, clientOptions);
}

async function start(): Promise<void> {
  client = createClient();
  try {
    await client.start();
  } catch (error) {
    const path = vscode.workspace.getConfiguration("fenlint").get<string>("path", "fenlint");
    void vscode.window.showErrorMessage(
      `fenlint: could not start \`${path} lsp\` (${String(error)}). ` +
        "Install the command with `cargo install --path cli` from the fenlint repository, " +
        "or point the `fenlint.path` setting at it.",
    );
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("fenlint.restartServer", async () => {
      if (client) {
        await client.stop();
      }
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("fenlint.path")) {
        await vscode.commands.executeCommand("fenlint.restartServer");
      }
    }),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
