/**
 * Reading and replacing one value deep in the site content by its path, the same path a 400's
 * field messages name ("home.hero.headline", "industries.2.id"), so each field finds its message.
 */
export type Path = readonly (string | number)[];

export const pathKey = (path: Path) => path.join(".");

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

/** A copy of `root` with `value` at `path`, copying only the objects along the path. */
export function setAt<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [key, ...rest] = path as [string | number, ...Path];
  const node = root as Record<string | number, unknown> | unknown[];
  const copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string | number, unknown>;
  copy[key] = setAt(copy[key], rest, value);
  return copy as T;
}

/** A copy of a list with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}
