export declare const DEFAULT_PG_BIN: string;
export declare function startCluster(pgBin?: string): { url: string; stop(): void };
