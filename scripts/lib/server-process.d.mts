import type { ChildProcess, SpawnOptions } from 'node:child_process';

export declare const ROOT: string;
export declare const DIST_DIR: string;
export declare function BIN(name: string): string;
export declare function distStaleReason(distDir?: string): string | null;
export declare function run(
  command: string,
  args: readonly string[],
  options?: SpawnOptions,
): Promise<number>;
export declare function buildDist(): Promise<void>;
export declare function ensureDist(options?: { log?: (message: string) => void }): Promise<boolean>;
export interface StartedServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}
export declare function startServer(options?: {
  env?: Record<string, string | undefined>;
  onLine?: (line: string) => void;
  timeoutMs?: number;
}): Promise<StartedServer>;
export declare function stopProcess(child: ChildProcess, graceMs?: number): Promise<void>;
export declare function forwardSignals(
  children: () => Array<ChildProcess | undefined>,
  graceMs?: number,
): void;
