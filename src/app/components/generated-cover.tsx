import { useId } from "react";

/**
 * The cover of a post that has none: a pattern in the brand's colours chosen from the title, so
 * each post keeps its own cover on every page and every render, with no image request. The
 * pattern is a line of people in a queue (dots), rings, bands or bars, on a two-colour gradient.
 */
const PALETTES = [
  ["#4338ca", "#7c3aed"],
  ["#3730a3", "#0ea5e9"],
  ["#312e81", "#4f46e5"],
  ["#4f46e5", "#06b6d4"],
  ["#6d28d9", "#db2777"],
  ["#1e3a8a", "#10b981"],
] as const;

/** FNV-1a: a small, stable 32-bit hash, the same on the server and in the browser. */
export function titleHash(title: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < title.length; i++) {
    hash ^= title.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // A final mix (MurmurHash3's fmix32), so titles that differ by a word differ in every bit.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

export function GeneratedCover({ title, className }: { title: string; className?: string }) {
  const hash = titleHash(title);
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  const pattern = (hash >>> 4) % 4;
  const shift = (hash >>> 12) % 60;
  // Two posts may share a title: each cover needs its own gradient id.
  const id = useId();
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 400 140"
      preserveAspectRatio="xMidYMid slice"
      width="400"
      height="140"
      className={className}
      data-cover={hash.toString(36)}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="400" height="140" fill={`url(#${id})`} />
      <g fill="#fff" stroke="#fff" strokeWidth="0">
        {pattern === 0 &&
          [0, 1, 2, 3, 4, 5].map((i) => (
            <circle key={i} cx={60 + shift + i * 52} cy={78} r={22 - i * 2.6} opacity={0.85 - i * 0.12} />
          ))}
        {pattern === 1 &&
          [0, 1, 2, 3].map((i) => (
            <circle
              key={i}
              cx={300 - shift}
              cy={70}
              r={28 + i * 30}
              fill="none"
              strokeWidth="10"
              opacity={0.28 - i * 0.05}
            />
          ))}
        {pattern === 2 &&
          [0, 1, 2, 3, 4].map((i) => (
            <rect
              key={i}
              x={-80 + i * 110 + shift}
              y={-40}
              width={44}
              height={240}
              transform="rotate(30 200 70)"
              opacity={0.16}
            />
          ))}
        {pattern === 3 &&
          [48, 70, 40, 92, 62, 104, 80].map((h, i) => (
            <rect
              key={i}
              x={40 + i * 48}
              y={120 - ((h + shift) % 100)}
              width={28}
              height={((h + shift) % 100) + 20}
              rx={6}
              opacity={0.3}
            />
          ))}
      </g>
    </svg>
  );
}
