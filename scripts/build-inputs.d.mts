export function listBuildInputs(root: string): string[];
export function listBuildOutputs(distDir: string): string[];
export function newestMtime(entry: string): number;
export function isBuildStale(root: string, distDir: string): boolean;
