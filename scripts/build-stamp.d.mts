export declare const repoRoot: string;
export declare const inputsHash: (inputs: readonly string[]) => string;
export declare const isFresh: (
  stampPath: string,
  hash: string,
  outDir: string,
  outputs: readonly string[],
) => boolean;
export declare const writeStamp: (
  stampPath: string,
  hash: string,
  outDir: string,
  outputs: readonly string[],
) => void;
export declare const clearStamp: (stampPath: string) => void;
export declare const took: (started: number) => string;
