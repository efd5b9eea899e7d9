import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Command, isGroup } from '../../src/cli/command.js';
import { ENTRIES } from '../../src/cli/run.js';
import { runCli } from '../../src/cli.js';

/**
 * Help and bad arguments for every command, generated from the command table so a new command
 * cannot skip them: `--help`, `-h`, `help` after the command and `vat-service help <command>` print
 * its usage line, options, an example and the exit codes (exit 0); a missing, unknown or extra
 * argument prints its usage line and exits 2 (with --json: one `{error}` object on stderr). None
 * of these reaches the database or the configuration.
 */

interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

// A database the commands would create if a bad-argument case ever got as far as running.
const dir = mkdtempSync(join(tmpdir(), 'vat-cli-help-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<CliResult> {
  const result: CliResult = { code: -1, out: [], err: [] };
  result.code = await runCli(
    argv,
    { DATABASE_URL: `sqlite:${join(dir, 'never.sqlite')}`, LOG_LEVEL: 'silent' },
    { out: (line) => result.out.push(line), err: (line) => result.err.push(line) },
  );
  return result;
}

const COMMANDS: Command[] = ENTRIES.flatMap((entry) => (isGroup(entry) ? entry.commands : [entry]));
const GROUPS = ENTRIES.filter(isGroup);
const usageLineOf = (command: Command) =>
  `Usage: vat-service ${[...command.path, command.synopsis].filter(Boolean).join(' ')} [--json]`;

/** Arguments that satisfy a command's parser: every positional and every required option. */
function validArgs(command: Command): string[] {
  const args = (command.positionals ?? []).map((name) => `x_${name.toLowerCase()}`);
  for (const [name, spec] of Object.entries(command.options ?? {})) {
    if (spec.required) args.push(`--${name}`, name === 'mode' ? 'test' : 'x');
  }
  return args;
}

describe('vat-service help', () => {
  it.each([[['help']], [['--help']], [['-h']]])('%j lists every command and the exit codes', async (argv) => {
    const result = await cli(...argv);
    expect(result.code).toBe(0);
    expect(result.err).toEqual([]);
    const text = result.out.join('\n');
    expect(text).toMatch(/^Usage: vat-service <command> \[options\]/);
    for (const command of COMMANDS) expect(text).toContain(`  ${command.path.join(' ')}`);
    expect(text).toContain('help [COMMAND]');
    expect(text).toContain('0  success');
    expect(text).toContain('1  not found or failed');
    expect(text).toContain('2  bad arguments');
    expect(text).toContain('Examples:');
  });

  it('answers one JSON object with --json', async () => {
    const result = await cli('help', '--json');
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(1);
    const object = JSON.parse(result.out[0]);
    expect(object.usage).toBe('Usage: vat-service <command> [options]');
    expect(object.help).toContain('Exit codes:');
  });

  it.each([
    [['help', 'frobnicate'], 'Unknown command: frobnicate'],
    [['help', 'keys', 'nope'], 'Unknown command: keys nope'],
    [['help', 'usage', 'extra'], 'Unknown command: usage extra'],
    [['help', 'keys', 'create', 'extra'], 'Unknown command: keys create extra'],
    [['help', '--bogus'], "Unknown option '--bogus'"],
  ])('%j exits 2 naming the problem', async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain(message);
    expect(result.err.join('\n')).toContain('Usage: vat-service');
  });
});

describe.each(COMMANDS.map((command) => [command.path.join(' '), command] as const))(
  'vat-service %s',
  (words, command) => {
    const path = [...command.path];

    it.each([
      ['--help', [...path, '--help']],
      ['-h', [...path, '-h']],
      ['help after it', [...path, 'help']],
      ['help before it', ['help', ...path]],
      ['--help after other arguments', [...path, ...validArgs(command), '--bogus', '--help']],
    ])('%s prints its usage line, options, an example and the exit codes', async (_, argv) => {
      const result = await cli(...argv);
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.err).toEqual([]);
      const text = result.out.join('\n');
      expect(text.split('\n')[0]).toBe(usageLineOf(command));
      expect(text).toContain('Options:');
      for (const name of Object.keys(command.options ?? {})) expect(text).toContain(`--${name}`);
      expect(text).toContain('--json');
      expect(text).toContain('-h, --help');
      expect(text).toMatch(/Examples?:\n {2}.*vat-service /);
      expect(text).toContain('Exit codes: 0 ok, 1 not found or failed, 2 bad arguments.');
    });

    it('--help --json prints one JSON object with the usage line', async () => {
      const result = await cli(...path, '--help', '--json');
      expect(result.code).toBe(0);
      expect(result.out).toHaveLength(1);
      const object = JSON.parse(result.out[0]);
      expect(object.usage).toBe(usageLineOf(command));
      expect(object.help).toContain('Options:');
    });

    const badCases: Array<[string, string[], string]> = [
      ['an unknown option', [...path, ...validArgs(command), '--bogus'], "Unknown option '--bogus'"],
      ['an extra argument', [...path, ...validArgs(command), 'extra'], "Unexpected argument 'extra'"],
    ];
    // Positionals are taken in order, so only trailing ones can be missing.
    const names = command.positionals ?? [];
    names.forEach((name, index) => {
      const given = names.slice(0, index).map((other) => `x_${other.toLowerCase()}`);
      const options = validArgs(command).slice(names.length);
      const message = `${names.slice(index).join(' and ')} ${index < names.length - 1 ? 'are' : 'is'} required`;
      badCases.push([`missing ${name}`, [...path, ...given, ...options], message]);
    });
    for (const [name, spec] of Object.entries(command.options ?? {})) {
      if (!spec.required) continue;
      const args = validArgs(command);
      const at = args.indexOf(`--${name}`);
      args.splice(at, 2);
      badCases.push([`missing --${name}`, [...path, ...args], `--${name} is required`]);
      if (spec.type === 'string') {
        badCases.push([`--${name} without its value`, [...path, ...args, `--${name}`], `'--${name}`]);
      }
    }

    it.each(badCases)('%s: its usage line, exit 2', async (_, argv, message) => {
      const result = await cli(...argv);
      expect(result.code, `${words}: ${result.err.join('\n')}`).toBe(2);
      expect(result.out).toEqual([]);
      const text = result.err.join('\n');
      expect(text).toContain(message);
      expect(text).toContain(usageLineOf(command));
      expect(text).toContain(`vat-service ${words} --help`);
    });

    it.each(badCases)('%s with --json: one {error} object on stderr, exit 2', async (_, argv, message) => {
      const result = await cli(...argv, '--json');
      expect(result.code).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err).toHaveLength(1);
      const object = JSON.parse(result.err[0]);
      expect(Object.keys(object)).toEqual(['error']);
      expect(object.error).toContain(message);
    });
  },
);

describe.each(GROUPS.map((group) => [group.name, group] as const))(
  'vat-service %s (a group)',
  (name, group) => {
    it.each([[[name, 'help']], [[name, '--help']], [[name, '-h']], [['help', name]]])(
      '%j lists its commands',
      async (argv) => {
        const result = await cli(...argv);
        expect(result.code).toBe(0);
        const text = result.out.join('\n');
        const subcommands = group.commands.map((command) => command.path[1]);
        expect(text.split('\n')[0]).toBe(`Usage: vat-service ${name} <${subcommands.join('|')}> [options]`);
        for (const command of group.commands) expect(text).toContain(`  ${command.path.join(' ')}`);
        expect(text).toContain('Example:');
        expect(text).toContain('Exit codes:');
      },
    );

    it.each([
      [[name], `A command is required after '${name}'`],
      [[name, 'frobnicate'], `Unknown command: ${name} frobnicate`],
      [[name, '--bogus'], "Unknown option '--bogus'"],
      [[name, 'help', 'extra'], "Unexpected argument 'extra'"],
    ])('%j prints the group usage line and exits 2', async (argv, message) => {
      const result = await cli(...argv);
      expect(result.code).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err.join('\n')).toContain(message);
      expect(result.err.join('\n')).toContain(`Usage: vat-service ${name} <`);
    });
  },
);

describe('specific bad arguments', () => {
  it.each([
    [['accounts', 'create', '--name', 'X', '--tier', 'gold'], "got 'gold'"],
    [['accounts', 'set-tier', 'acc_x', 'gold'], "got 'gold'"],
    [['keys', 'create', '--account', 'acc_x', '--mode', 'prod'], '--mode must be live or test'],
    [
      ['usage', '--account', 'acc_x', '--month', '2026-13'],
      "--month must be YYYY-MM (e.g. 2026-11); got '2026-13'",
    ],
    [['usage', '--account', 'acc_x', '--month', '11-2026'], '--month must be YYYY-MM'],
    [['usage', '--account', 'acc_x', '--month', '2026-1'], '--month must be YYYY-MM'],
    [['simulator', '--port', '70000'], '--port must be 0-65535'],
    [['simulator', '--port', 'abc'], '--port must be 0-65535'],
    [['accounts', 'list', '--name', 'X'], "Unknown option '--name'"],
    [['--bogus'], "Unknown option '--bogus'"],
    [[], 'A command is required'],
  ])('%j', async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err.join('\n')).toContain(message);
    expect(result.err.join('\n')).toMatch(/Usage: vat-service/);
  });

  it('takes --json anywhere on the line', async () => {
    const result = await cli('--json', 'accounts', 'create', '--name', 'X');
    expect(result.code).toBe(2);
    expect(JSON.parse(result.err[0])).toEqual({ error: '--tier is required' });
  });
});

describe('commands named in the help and the docs', () => {
  /** `vat-service WORD [WORD]`: `help`, a command, or a group alone or with one of its commands. */
  function isCommand([first, second]: string[]): boolean {
    if (first === 'help') return true;
    const group = GROUPS.find((entry) => entry.name === first);
    if (group) return second === undefined || group.commands.some((command) => command.path[1] === second);
    // A command of one word: what follows is its arguments or the sentence.
    return COMMANDS.some((command) => command.path.length === 1 && command.path[0] === first);
  }
  const named = (text: string) =>
    [...text.matchAll(/vat-service ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g)].map((match) =>
      match.slice(1).filter((word): word is string => word !== undefined),
    );

  it('every command a help text names exists', async () => {
    const unknown: string[] = [];
    for (const command of COMMANDS) {
      for (const words of named((await cli('help', ...command.path)).out.join('\n'))) {
        if (!isCommand(words)) unknown.push(`${command.path.join(' ')}: ${words.join(' ')}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('every command README.md and docs/ name exists', () => {
    const root = join(import.meta.dirname, '..', '..');
    const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
    const unknown: string[] = [];
    for (const file of ['README.md', ...docs.map((name) => `docs/${name}`)]) {
      for (const words of named(readFileSync(join(root, file), 'utf8'))) {
        if (!isCommand(words)) unknown.push(`${file}: ${words.join(' ')}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
