// The fenlint extension: a client for the `fenlint lsp` language server. It starts the server
// for FEN, EPD and PGN documents, passes it the `fenlint.variant` and `fenlint.severities`
// settings, and tells it when a `fenlint.toml` changes. Everything else (diagnostics, quick
// fixes, hover, formatting, outline, folding) comes from the server.

import * as os from "os";
import * as path from "path";
import * as vscode from "vscode";
import {
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

/** The language ids this extension contributes, which the server is started for. */
const LANGUAGES = ["fen", "epd", "pgn"];

/** What the server reads from `initializationOptions` and from the `fenlint` section of
 * `workspace/didChangeConfiguration`. */
interface ServerSettings {
  variant: string;
  severities: Record<string, string>;
}

let client: LanguageClient | undefined;
/** The `fenlint.toml` watcher of `client`, disposed with it. */
let watcher: vscode.FileSystemWatcher | undefined;
let outputChannel: vscode.OutputChannel | undefined;
/** Start, stop and restart run one after another, never interleaved. */
let queue: Promise<void> = Promise.resolve();

function serverSettings(): ServerSettings {
  const config = vscode.workspace.getConfiguration("fenlint");
  return {
    variant: config.get<string>("variant", "auto"),
    severities: config.get<Record<string, string>>("severities", {}),
  };
}

/** The `fenlint.path` setting as a command: `~/` is the home directory, and a relative path
 * with a directory in it (`target/debug/fenlint`) is taken from the first workspace folder. */
function serverCommand(): string {
  const setting = vscode.workspace.getConfiguration("fenlint").get<string>("path", "fenlint").trim();
  let command = setting === "" ? "fenlint" : setting;
  if (command === "~" || command.startsWith("~/")) {
    command = path.join(os.homedir(), command.slice(1));
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!path.isAbsolute(command) && /[\\/]/.test(command) && folder?.uri.scheme === "file") {
    command = path.join(folder.uri.fsPath, command);
  }
  return command;
}

function createClient(
  command: string,
  channel: vscode.OutputChannel,
  configWatcher: vscode.FileSystemWatcher,
): LanguageClient {
  const serverOptions: ServerOptions = {
    command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: "file", language },
      { scheme: "untitled", language },
    ]),
    initializationOptions: serverSettings(),
    synchronize: {
      // The configuration section "fenlint", limited to the two keys the server reads, so
      // that `workspace/didChangeConfiguration` carries `{ fenlint: { variant, severities } }`
      // (once after `initialized`, then on every change of either).
      configurationSection: ["fenlint.variant", "fenlint.severities"],
      // `workspace/didChangeWatchedFiles` when a fenlint.toml is created, changed or deleted.
      fileEvents: configWatcher,
    },
    outputChannel: channel,
  };
  return new LanguageClient("fenlint", "fenlint", serverOptions, clientOptions);
}

async function startClient(): Promise<void> {
  const command = serverCommand();
  outputChannel ??= vscode.window.createOutputChannel("fenlint");
  watcher = vscode.workspace.createFileSystemWatcher("**/fenlint.toml");
  const next = createClient(command, outputChannel, watcher);
  client = next;
  try {
    await next.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const openSettings = "Open Settings";
    void vscode.window
      .showErrorMessage(
        `fenlint: could not start the language server \`${command} lsp\` (${detail}). ` +
          "Install the fenlint command with `cargo install --path cli` from the fenlint " +
          "repository, or set `fenlint.path` to the fenlint binary.",
        openSettings,
      )
      .then((choice) => {
        if (choice === openSettings) {
          void vscode.commands.executeCommand("workbench.action.openSettings", "fenlint.path");
        }
      });
  }
}

async function stopClient(): Promise<void> {
  const current = client;
  client = undefined;
  try {
    // Throws when the server never started, which leaves nothing to stop.
    await current?.dispose();
  } catch {
    // Nothing was running.
  } finally {
    watcher?.dispose();
    watcher = undefined;
  }
}

/** Runs `task` after every start, stop and restart asked for before it. */
function enqueue(task: () => Promise<void>): Promise<void> {
  queue = queue.then(task, task);
  return queue;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("fenlint.restartServer", () =>
      enqueue(async () => {
        await stopClient();
        await startClient();
      }),
    ),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // A new command needs a new server; variant and severities go to the running one.
      if (event.affectsConfiguration("fenlint.path")) {
        void vscode.commands.executeCommand("fenlint.restartServer");
      }
    }),
    { dispose: () => outputChannel?.dispose() },
  );
  await enqueue(startClient);
}

export function deactivate(): Promise<void> {
  return enqueue(stopClient);
}
