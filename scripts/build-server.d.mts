export function bundleServer(outfile: string): Promise<void>;
