/** The block editor's limits and field messages, the same in the browser and on the server. */
export const BLOCK_MESSAGES = {
  required: "Required.",
  tooLong: (max: number) => `At most ${max} characters.`,
  anchor: "Use lower-case letters, digits and single hyphens, such as contact.",
  blockId: "A block needs an id of letters, digits and hyphens.",
} as const;

export const BLOCK_LIMITS = {
  anchor: 60,
  blockId: 40,
  html: 200_000,
} as const;
