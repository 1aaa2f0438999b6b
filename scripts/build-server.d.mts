export const CHUNKS_DIR: string;
export function bundleServer(outdir: string): Promise<void>;
