import path from 'node:path';

/**
 * A path the operator typed, taken from the folder they typed it in: npm runs scripts from
 * the repository's root and says in INIT_CWD where the command was given (npm's own
 * variable, not a setting of the product).
 */
export function userPath(typed: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);
}

/**
 * Runs a command line tool: --help, the number of arguments, the `knownFlags` it takes (any
 * other flag is refused), and failures said plainly with exit code 1.
 */
export function runCli(
  name: string,
  usage: string,
  arity: { min: number; max: number },
  main: (args: string[], flags: ReadonlySet<string>) => Promise<void>,
  knownFlags: readonly string[] = [],
): void {
  const all = process.argv.slice(2);
  if (all.includes('--help') || all.includes('-h')) {
    console.log(usage);
    return;
  }
  const flags = new Set(all.filter((a) => knownFlags.includes(a)));
  const args = all.filter((a) => !flags.has(a));
  if (args.length < arity.min || args.length > arity.max || args.some((a) => a.startsWith('-'))) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  main(args, flags).catch((error: unknown) => {
    console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
