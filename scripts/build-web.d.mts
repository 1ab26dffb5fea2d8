export declare const webOutDir: () => string;
export declare const buildWeb: (options?: { force?: boolean }) => boolean;
