/**
 * A count with its noun in the right number: "1 draft", "0 drafts", "2 drafts". `many` is for a
 * noun whose plural is not the noun and an "s" ("1 reply", "2 replies"). Every count the admin
 * shows goes through here, so none says "1 drafts".
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
