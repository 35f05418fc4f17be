/** Writes `.br` and `.gz` beside every compressible file of `dir` (dot directories left out); returns how many. */
export function precompressDir(dir: string): Promise<number>;
