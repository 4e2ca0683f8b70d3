/** `payment-connect <command>`: the package's command line. Each command is one entry of COMMANDS. */
import { listenCommand } from "./commands/listen.js";

export interface Command {
  /** One line for the command list. */
  summary: string;
  /** Runs the command with the arguments after its name; resolves to the process's exit code. */
  run(args: string[]): Promise<number>;
}

const COMMANDS: Record<string, Command> = { listen: listenCommand };

const USAGE = `Usage: payment-connect <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(10)}${command.summary}`)
  .join("\n")}

Run \`payment-connect <command> --help\` for a command's options.`;

export async function main(args: readonly string[]): Promise<number> {
  const [name, ...rest] = args;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (command) return command.run(rest);
  const askedForHelp = name === "--help" || name === "-h" || name === "help";
  if (askedForHelp) console.log(USAGE);
  else console.error(name === undefined ? USAGE : `Unknown command "${name}".\n\n${USAGE}`);
  return askedForHelp ? 0 : 2;
}
