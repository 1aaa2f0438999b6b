/**
 * English words so common that nearly every post holds them: left out of the index, they would
 * cost a posting per post (memory) and match every post (time) while ranking nothing.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been but by can do does for from had has have he her his i if in into is it its " +
    "me my no not of on or our she so than that the their them then there these they this to too us was " +
    "we were what when which who will with would you your"
  ).split(" "),
);
