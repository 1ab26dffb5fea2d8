export declare const SERVER_ENTRIES: readonly string[];
export declare const serverOutDir: string;
export declare const buildServer: (options?: {
  force?: boolean;
  quiet?: boolean;
}) => Promise<boolean>;
