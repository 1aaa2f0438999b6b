export function buildNeeded(root: string): "missing" | "stale" | null;
