import { describe, expect, it } from "vitest";
import { postFormSchema, toFormValues } from "~/app/components/admin/post-form-values";
import { POST_MESSAGES } from "~/shared/schemas";

/** The messages the form would show, by field, after one submit. */
function messagesOf(values: Partial<ReturnType<typeof toFormValues>>): Record<string, string[]> {
  const parsed = postFormSchema.safeParse({ ...toFormValues(), ...values });
  if (parsed.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

describe("the post form's checks (docs/product.md section 5)", () => {
  it("shows the slug's pattern message together with the other fields' messages", () => {
    expect(messagesOf({ title: "Hi", slug: "Not A Slug!", summary: "short", content: "<p>x</p>" })).toEqual({
      title: [POST_MESSAGES.title],
      slug: [POST_MESSAGES.slugPattern],
      summary: [POST_MESSAGES.summary],
      content: [POST_MESSAGES.content],
    });
  });

  it("leaves a slug shorter than 3 to the generated one, and takes a good slug", () => {
    const rest = {
      title: "A good title",
      summary: "A summary long enough.",
      content: `<p>${"Enough words to pass the content rule. ".repeat(2)}</p>`,
    };
    expect(messagesOf({ ...rest, slug: "" })).toEqual({});
    expect(messagesOf({ ...rest, slug: " A" })).toEqual({});
    expect(messagesOf({ ...rest, slug: " queues-at-the-museum " })).toEqual({});
    expect(messagesOf({ ...rest, slug: "queues--museum" })).toEqual({ slug: [POST_MESSAGES.slugPattern] });
  });
});
