// The ludex extension: the language (highlighting, brackets, comments) is declared in package.json;
// this file starts the language server, `ludex lsp`, which speaks LSP over stdin and stdout.

import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('ludex.restartServer', restart),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('ludex.serverPath')) {
        await restart();
      }
    }),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

/** The command that runs the server: `ludex.serverPath`, `ludex` when it is not set. */
function serverPath(): string {
  const configured = vscode.workspace.getConfiguration('ludex').get<string>('serverPath', 'ludex');
  return configured.trim() === '' ? 'ludex' : configured.trim();
}

async function start(): Promise<void> {
  const command = serverPath();
  // No `transport`: the client would add `--stdio` to the arguments. The server is started as
  // `ludex lsp` and talks over its standard input and output.
  const run = { command, args: ['lsp'] };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'ludex' },
      { scheme: 'untitled', language: 'ludex' },
    ],
  };
  client = new LanguageClient('ludex', 'ludex', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    client = undefined;
    const message = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(
      `ludex: could not start the language server \`${command} lsp\` (${message}). ` +
        'Set `ludex.serverPath` to the ludex executable. Highlighting works without it.',
    );
  }
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    await running.stop();
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}
