export declare const webOutDir: () => string;
export declare const buildWeb: (options?: { force?: boolean }) => boolean;
export declare const moveIntoPlace: (nextDir: string, outDir: string) => void;
