export declare const repoRoot: string;
export declare const inputsHash: (inputs: readonly string[]) => string;
export declare const isFresh: (outDir: string, hash: string, outputs: readonly string[]) => boolean;
export declare const writeStamp: (outDir: string, hash: string) => void;
export declare const clearStamp: (outDir: string) => void;
export declare const took: (started: number) => string;
