export declare const legacyDataDir: (
  env: Record<string, string | undefined>,
  cwd?: string,
  root?: string,
) => string | undefined;
export declare const runServerEntry: (entry: string, args: readonly string[]) => Promise<never>;
export declare const runFromCommandLine: (entry: string, args: readonly string[]) => Promise<never>;
