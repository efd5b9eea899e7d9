import { parseArgs } from 'node:util';

/**
 * What a `vat-service` command is: its words, its usage line, its options, an example and what it
 * does. Each command group's module describes its commands with these; `run.ts` parses the
 * arguments against them and `help.ts` renders their help, so the usage a command prints on a bad
 * argument is the one its help shows.
 */

export interface Io {
  out(line: string): void;
  err(line: string): void;
  /**
   * Stops a long-running command (serve, worker, simulator, webhooks listen) as SIGINT or SIGTERM
   * does; tests that run such a command in process abort it instead of signalling their own process.
   */
  signal?: AbortSignal;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in usage and help (`ID`, `YYYY-MM`). */
  value?: string;
  /** A missing required option is a bad argument (exit 2). */
  required?: boolean;
  description: string;
}

export interface Command {
  /** The words that name it: `['accounts', 'create']`. */
  path: readonly string[];
  /** Everything after the words in the usage line, `--json` excepted: `--name NAME --tier TIER`. */
  synopsis: string;
  /** One line for the command lists. */
  summary: string;
  /** Further lines under the usage line: what it does, defaults, caveats. */
  details?: readonly string[];
  /** Positional arguments, in order, all required. */
  positionals?: readonly string[];
  options?: Readonly<Record<string, OptionSpec>>;
  /** What `--json` prints; the default says "one JSON object". */
  json?: string;
  examples: readonly string[];
  run(context: CommandContext): Promise<number>;
}

/** Commands under one first word (`accounts create`, `accounts list`, …). */
export interface CommandGroup {
  name: string;
  summary: string;
  commands: readonly Command[];
}

export type Entry = Command | CommandGroup;

export function isGroup(entry: Entry): entry is CommandGroup {
  return 'commands' in entry;
}

export interface CommandContext {
  /** Positional arguments by their names in the command's `positionals`. */
  args: Readonly<Record<string, string>>;
  /** The value of a string option, or undefined when not given. */
  option(name: string): string | undefined;
  /** Whether a boolean option was given. */
  flag(name: string): boolean;
  env: Readonly<Record<string, string | undefined>>;
  io: Io;
  json: boolean;
  /** Prints `object` as one JSON line with --json, else `text`. */
  print(object: Record<string, unknown>, text: string): void;
}

/** A missing, unknown, extra or malformed argument: the command's usage line is printed, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Options every command takes. */
export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function isHelpRequest(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const own = end === -1 ? args : args.slice(0, end);
  if (own.includes('--help') || own.includes('-h')) return true;
  // `vat-service keys create help`: the lone word `help` after a command asks for its help.
  const words = own.filter((arg) => arg !== '--json');
  return words.length === 1 && words[0] === 'help';
}

/** Parses a command's own arguments strictly: unknown options, extra or missing arguments are refused. */
export function parseCommandArgs(
  command: Command,
  argv: readonly string[],
): { args: Record<string, string>; values: Record<string, string | boolean | undefined> } {
  const specs = command.options ?? {};
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { ...COMMON_OPTIONS };
  for (const [name, spec] of Object.entries(specs)) options[name] = { type: spec.type };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's own advice after an unknown option (about `--` and positionals) fits no command here.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const names = command.positionals ?? [];
  const { positionals, values } = parsed;
  if (positionals.length > names.length) {
    const extra = positionals.slice(names.length).map((word) => `'${word}'`);
    throw new UsageError(`Unexpected argument${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`);
  }
  const missing = names.slice(positionals.length);
  if (missing.length > 0) {
    throw new UsageError(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`);
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && values[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  const args: Record<string, string> = {};
  names.forEach((name, index) => {
    args[name] = positionals[index];
  });
  return { args, values: values as Record<string, string | boolean | undefined> };
}
