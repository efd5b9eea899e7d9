import type { Command, CommandGroup, Entry } from './command.js';
import { isGroup } from './command.js';

/**
 * The help texts, rendered from the command descriptions: `vat-service help`, a group's help
 * (`vat-service accounts help`) and a command's (`vat-service keys create --help`): its usage line,
 * its options, an example and the exit codes.
 */

const PROGRAM = 'vat-service';

export const EXIT_CODES = [
  'Exit codes:',
  '  0  success (help included)',
  '  1  not found or failed: no such account or key, invalid configuration, the service unreachable',
  '  2  bad arguments: a missing, unknown or extra argument or option (the usage line is printed)',
];

const EXIT_CODES_SHORT = 'Exit codes: 0 ok, 1 not found or failed, 2 bad arguments.';

export function usageLine(command: Command): string {
  return `Usage: ${PROGRAM} ${[...command.path, command.synopsis].filter(Boolean).join(' ')} [--json]`;
}

export function groupUsageLine(group: CommandGroup): string {
  const subcommands = group.commands.map((command) => command.path[1]).join('|');
  return `Usage: ${PROGRAM} ${group.name} <${subcommands}> [options]`;
}

export const TOP_USAGE_LINE = `Usage: ${PROGRAM} <command> [options]`;

/** Where to read more, printed under the usage line of a bad invocation. */
export function helpHint(words: readonly string[], what = 'the options and an example'): string {
  return words.length === 0
    ? `Run \`${PROGRAM} help\` for the commands.`
    : `Run \`${PROGRAM} ${words.join(' ')} --help\` for ${what}.`;
}

export function commandHelp(command: Command): string {
  const rows: Array<[string, string]> = [];
  for (const [name, spec] of Object.entries(command.options ?? {})) {
    rows.push([`--${name}${spec.value ? ` ${spec.value}` : ''}`, spec.description]);
  }
  rows.push(['--json', command.json ?? 'print one JSON object (on failure: one {"error"} object on stderr)']);
  rows.push(['-h, --help', 'print this help']);
  return [
    usageLine(command),
    '',
    sentence(command.summary),
    ...(command.details ?? []),
    '',
    ...(command.positionals?.length
      ? [`Arguments: ${command.positionals.join(' ')} (all required).`, '']
      : []),
    'Options:',
    ...table(rows),
    '',
    command.examples.length > 1 ? 'Examples:' : 'Example:',
    ...command.examples.map((example) => `  ${example}`),
    '',
    EXIT_CODES_SHORT,
  ].join('\n');
}

export function groupHelp(group: CommandGroup): string {
  return [
    groupUsageLine(group),
    '',
    group.summary,
    '',
    'Commands:',
    ...table(group.commands.map((command) => [commandWords(command), command.summary])),
    '',
    'Example:',
    `  ${group.commands[0].examples[0]}`,
    '',
    `Run \`${PROGRAM} ${group.name} <command> --help\` for a command's options and an example.`,
    EXIT_CODES_SHORT,
  ].join('\n');
}

export function topHelp(entries: readonly Entry[]): string {
  const commands = entries.flatMap((entry) => (isGroup(entry) ? entry.commands : [entry]));
  return [
    TOP_USAGE_LINE,
    '',
    'Commands:',
    ...table([
      ...commands.map((command): [string, string] => [commandWords(command), command.summary]),
      ['help [COMMAND]', 'this text, or a command’s usage, options and example'],
    ]),
    '',
    'Every command takes -h/--help, and --json: JSON on stdout instead of text (one object; one per',
    'event for webhooks listen), and on failure one {"error"} object on stderr. Configuration comes',
    'from the environment and an optional .env file.',
    '',
    ...EXIT_CODES,
    '',
    'Examples:',
    `  ${PROGRAM} accounts create --name "Acme GmbH" --tier pro`,
    `  ${PROGRAM} help keys create`,
  ].join('\n');
}

function sentence(text: string): string {
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function commandWords(command: Command): string {
  return [...command.path, command.synopsis].filter(Boolean).join(' ');
}

/** Two columns; a left cell wider than `limit` gets its own line, the right one under it. */
function table(rows: ReadonlyArray<readonly [string, string]>, limit = 40): string[] {
  const width = Math.max(4, ...rows.map(([left]) => left.length).filter((length) => length <= limit));
  return rows.flatMap(([left, right]) =>
    left.length > limit
      ? [`  ${left}`, `  ${' '.repeat(width)}  ${right}`]
      : [`  ${left.padEnd(width)}  ${right}`],
  );
}
