import path from 'node:path';

/**
 * A path the operator typed, taken from the folder they typed it in: npm runs scripts from
 * the repository's root and says in INIT_CWD where the command was given (npm's own
 * variable, not a setting of the product).
 */
export function userPath(typed: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);
}

/** Runs a command line tool: --help, the number of arguments, and failures said plainly with exit code 1. */
export function runCli(name: string, usage: string, arity: { min: number; max: number }, main: (args: string[]) => Promise<void>): void {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  if (args.length < arity.min || args.length > arity.max || args.some((a) => a.startsWith('-'))) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  main(args).catch((error: unknown) => {
    console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
