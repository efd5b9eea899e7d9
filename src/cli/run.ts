import { ConfigError } from '../config.js';
import { accounts } from './accounts.js';
import { bulk } from './bulk.js';
import {
  type Command,
  type CommandContext,
  type Entry,
  type Io,
  isGroup,
  isHelpRequest,
  parseCommandArgs,
  UsageError,
} from './command.js';
import { decide } from './decide.js';
import {
  commandHelp,
  groupHelp,
  groupUsageLine,
  helpHint,
  TOP_USAGE_LINE,
  topHelp,
  usageLine,
} from './help.js';
import { keys } from './keys.js';
import { ledger } from './ledger.js';
import { monitors } from './monitors.js';
import { rates } from './rates.js';
import { check, migrate, serve, worker } from './service.js';
import { simulator } from './simulator.js';
import { usage } from './usage.js';
import { validations } from './validations.js';
import { webhooks } from './webhooks.js';

/**
 * `vat-service <command> …`: finds the command named by the leading words, answers help, parses the
 * rest strictly and maps the outcome to an exit code: 0 ok, 1 not found or failed (ConfigError
 * included), 2 bad arguments, with the command's usage line (or one `{error}` object with --json).
 */

export type { Io };

/** Every command, in the order `vat-service help` lists them. */
export const ENTRIES: readonly Entry[] = [
  serve,
  worker,
  migrate,
  check,
  accounts,
  keys,
  usage,
  validations,
  decide,
  ledger,
  monitors,
  webhooks,
  bulk,
  rates,
  simulator,
];

/** Runs one command; returns the exit code. Long-running commands resolve when they stop. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io,
): Promise<number> {
  const json = argv.includes('--json');
  const fail = (code: 1 | 2, message: string, usage?: string, hint?: string): number => {
    if (json) io.err(JSON.stringify({ error: message }));
    else io.err([message, ...(usage ? [usage] : []), ...(hint ? [hint] : [])].join('\n'));
    return code;
  };
  const show = (text: string, usage: string): number => {
    io.out(json ? JSON.stringify({ usage, help: text }) : text);
    return 0;
  };

  // --json may come anywhere; the other words name the command and carry its arguments.
  const [first, ...rest] = argv.filter((arg) => arg !== '--json');
  if (first === 'help') return help(rest, { show, fail });
  if (first === undefined || first.startsWith('-')) {
    if (isHelpRequest(argv)) return show(topHelp(ENTRIES), TOP_USAGE_LINE);
    const message = first === undefined ? 'A command is required' : `Unknown option '${first}'`;
    return fail(2, message, TOP_USAGE_LINE, helpHint([]));
  }
  const entry = ENTRIES.find((candidate) => nameOf(candidate) === first);
  if (!entry) return fail(2, `Unknown command: ${first}`, TOP_USAGE_LINE, helpHint([]));

  let command: Command;
  let args: string[];
  if (isGroup(entry)) {
    const [sub, ...subArgs] = rest;
    if (isHelpRequest(rest) && (sub === 'help' || sub.startsWith('-'))) {
      return show(groupHelp(entry), groupUsageLine(entry));
    }
    if (sub === undefined || sub === 'help' || sub.startsWith('-')) {
      const message =
        sub === undefined
          ? `A command is required after '${first}'`
          : sub === 'help'
            ? `Unexpected argument '${subArgs[0]}'`
            : `Unknown option '${sub}'`;
      return fail(2, message, groupUsageLine(entry), helpHint([first], 'its commands'));
    }
    const found = entry.commands.find((candidate) => candidate.path[1] === sub);
    if (!found)
      return fail(
        2,
        `Unknown command: ${first} ${sub}`,
        groupUsageLine(entry),
        helpHint([first], 'its commands'),
      );
    command = found;
    args = subArgs;
  } else {
    command = entry;
    args = rest;
  }
  if (isHelpRequest(args)) return show(commandHelp(command), usageLine(command));

  try {
    const { args: named, values } = parseCommandArgs(command, args);
    const context: CommandContext = {
      args: named,
      option: (name) => (typeof values[name] === 'string' ? (values[name] as string) : undefined),
      flag: (name) => values[name] === true,
      env,
      io,
      json,
      print: (object, text) => io.out(json ? JSON.stringify(object) : text),
    };
    return await command.run(context);
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof UsageError) return fail(2, message, usageLine(command), helpHint(command.path));
    if (error instanceof ConfigError) return fail(1, message);
    return fail(1, json ? message : `Error: ${message}`);
  }
}

/** `vat-service help [COMMAND [SUBCOMMAND]]`. */
function help(
  words: string[],
  out: {
    show: (text: string, usage: string) => number;
    fail: (code: 2, message: string, usage?: string, hint?: string) => number;
  },
): number {
  const target = words.filter((word) => word !== '--json');
  const option = target.find((word) => word.startsWith('-'));
  if (option) return out.fail(2, `Unknown option '${option}'`, 'Usage: vat-service help [COMMAND]');
  if (target.length === 0) return out.show(topHelp(ENTRIES), TOP_USAGE_LINE);
  const entry = ENTRIES.find((candidate) => nameOf(candidate) === target[0]);
  const unknown = () => out.fail(2, `Unknown command: ${target.join(' ')}`, TOP_USAGE_LINE, helpHint([]));
  if (!entry) return unknown();
  if (!isGroup(entry))
    return target.length === 1 ? out.show(commandHelp(entry), usageLine(entry)) : unknown();
  if (target.length === 1) return out.show(groupHelp(entry), groupUsageLine(entry));
  const command = entry.commands.find((candidate) => candidate.path[1] === target[1]);
  return command && target.length === 2 ? out.show(commandHelp(command), usageLine(command)) : unknown();
}

function nameOf(entry: Entry): string {
  return isGroup(entry) ? entry.name : entry.path[0];
}
