import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { DEFAULT_COVER_IMAGE, type CmsPost } from "../../../shared/blog";
import { postInputSchema, slugSchema } from "../../../shared/schemas";
import { generateSlug, slugify } from "../../../shared/slug";
import { api, ApiError } from "../../lib/api";
import { prepareContentForSave } from "../../lib/editor-content";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Field, inputClasses } from "../ui/field";
import { Switch } from "../ui/switch";
import { ADMIN_MESSAGES } from "./admin-messages";
import { CoverUpload } from "./cover-upload";
import { PostEditor } from "./post-editor";
import { TagSuggestions } from "./tag-suggestions";

/** The form's own shape: tags typed as a comma-separated line, the slug checked after SPEC's short-slug rule. */
const formSchema = postInputSchema.extend({ slug: z.string(), tags: z.string() });
type FormValues = z.input<typeof formSchema>;

const toFormValues = (post?: CmsPost): FormValues => ({
  title: post?.title ?? "",
  slug: post?.slug ?? "",
  summary: post?.summary || post?.excerpt || "",
  content: post?.content ?? "",
  coverImage: post?.coverImage ?? "",
  published: post?.published ?? true,
  tags: post?.tags.map((t) => t.name).join(", ") ?? "",
});

/**
 * SPEC section 2, New Post tab, and section 4's edit flow. The server checks everything again;
 * the checks here only save a round trip.
 */
export function PostForm({ post, onDone }: { post?: CmsPost; onDone: (saved: boolean) => void }) {
  const editing = Boolean(post);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: toFormValues(post) });

  // Videos the writer deleted on purpose; any other video the saved content lacks is put back.
  const removedVideos = useRef<string[]>([]);

  // SPEC section 5: the slug follows the title while creating, until the writer types one.
  const title = watch("title");
  useEffect(() => {
    if (!editing && !getFieldState("slug").isDirty) setValue("slug", slugify(title));
  }, [title, editing, getFieldState, setValue]);

  const onValid = async (values: FormValues) => {
    // SPEC section 5: on submit a slug shorter than 3 is replaced by a generated one.
    const slug = values.slug.trim().length < 3 ? generateSlug(values.title) : values.slug.trim();
    const slugCheck = slugSchema.safeParse(slug);
    if (!slugCheck.success) {
      setError("slug", { message: slugCheck.error.issues[0]?.message });
      return toast({ ...ADMIN_MESSAGES.formErrors, variant: "destructive" });
    }
    const payload = {
      ...values,
      slug,
      content: prepareContentForSave(values.content, post?.content, removedVideos.current),
      tags: values.tags.split(",").map((t) => t.trim()).filter(Boolean),
    };
    try {
      if (post) {
        await api.put(`/api/cms/update-post/${post.id}`, payload);
        toast(ADMIN_MESSAGES.updated);
      } else {
        await api.post("/api/cms/simple-create-post", payload);
        toast(payload.published ? ADMIN_MESSAGES.created : ADMIN_MESSAGES.createdDraft);
      }
      onDone(true);
    } catch (err) {
      showSaveError(err, editing);
      if (err instanceof ApiError && err.errors) {
        for (const [field, messages] of Object.entries(err.errors)) setError(field as keyof FormValues, { message: messages[0] });
      }
    }
  };

  const onInvalid = () => toast({ ...ADMIN_MESSAGES.formErrors, variant: "destructive" });
  const coverImage = watch("coverImage");

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5" aria-labelledby="post-form-heading">
      <h2 id="post-form-heading" className="text-xl font-semibold text-slate-900">
        {editing ? ADMIN_MESSAGES.editHeading : ADMIN_MESSAGES.createHeading}
      </h2>
      <Field id="post-title" label="Title" error={errors.title?.message}>
        {(a) => <input {...a} {...register("title")} className={inputClasses} />}
      </Field>
      <Field id="post-slug" label="Slug" error={errors.slug?.message}>
        {(a) => <input {...a} {...register("slug")} className={inputClasses} spellCheck={false} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field id="post-cover" label="Thumbnail Image URL" optional error={errors.coverImage?.message}>
          {(a) => <input {...a} {...register("coverImage")} type="url" placeholder="https://… or Upload (empty: the company logo)" className={inputClasses} />}
        </Field>
        <CoverUpload onUploaded={(url) => setValue("coverImage", url, { shouldDirty: true, shouldValidate: true })} />
        <img src={coverImage || DEFAULT_COVER_IMAGE} alt="Thumbnail preview" className="h-16 w-24 rounded border border-slate-200 bg-slate-50 object-contain" />
      </div>
      <Field id="post-summary" label="Summary" error={errors.summary?.message}>
        {(a) => <textarea {...a} {...register("summary")} rows={3} className={inputClasses} />}
      </Field>
      <div className="space-y-1">
        <span id="post-content-label" className="block text-sm font-medium text-slate-800">
          Content
        </span>
        <Controller
          control={control}
          name="content"
          render={({ field }) => (
            <PostEditor
              id="post-content"
              value={field.value}
              onChange={field.onChange}
              onRemovedVideosChange={(srcs) => (removedVideos.current = srcs)}
              labelledBy="post-content-label"
              invalid={Boolean(errors.content)}
              describedBy={errors.content ? "post-content-error" : undefined}
            />
          )}
        />
        {errors.content && (
          <p id="post-content-error" className="text-sm text-red-700">
            {errors.content.message}
          </p>
        )}
      </div>
      <Field id="post-tags" label="Tags" optional error={errors.tags?.message}>
        {(a) => (
          <input
            {...a}
            {...register("tags")}
            list="post-tag-suggestions"
            autoComplete="off"
            placeholder="Product, Healthcare"
            className={inputClasses}
          />
        )}
      </Field>
      <TagSuggestions id="post-tag-suggestions" value={watch("tags")} />
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="published"
          render={({ field }) => <Switch id="post-published" checked={field.value} onCheckedChange={field.onChange} />}
        />
        <label htmlFor="post-published" className="text-sm font-medium text-slate-800">
          Publish this post
        </label>
      </div>
      <div className="flex justify-end gap-3 border-t border-slate-200 pt-5">
        <Button variant="outline" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {editing ? (isSubmitting ? "Updating..." : "Update Post") : isSubmitting ? "Creating..." : "Create Post"}
        </Button>
      </div>
    </form>
  );
}

/** SPEC section 8's failure toasts: the status and the server's own words when there are any. */
function showSaveError(err: unknown, editing: boolean) {
  const status = err instanceof ApiError ? err.status : undefined;
  const message = err instanceof Error ? err.message : "";
  if (editing) {
    toast({ title: ADMIN_MESSAGES.updateFailed(status), description: message, variant: "destructive" });
    return;
  }
  toast({
    title: ADMIN_MESSAGES.createFailed.title,
    description: status ? ADMIN_MESSAGES.createFailed.withStatus(status, message) : ADMIN_MESSAGES.createFailed.fallback,
    variant: "destructive",
  });
}
