import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { DEFAULT_COVER_IMAGE, type CmsPost } from "~/shared/blog";
import { VIDEOS_FOUND_NOTICE, videosNoticePath } from "~/shared/embeds";
import { isStaleUpdateBody } from "~/shared/post-conflict";
import { generateSlug, slugify } from "~/shared/slug";
import { api, ApiError } from "~/app/lib/api";
import { prepareContentForSave } from "~/app/lib/editor-content";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Field, inputClasses } from "~/app/components/ui/field";
import { ADMIN_MESSAGES } from "./admin-messages";
import { AltTextWarning, useAltTextCheck } from "./alt-text-warning";
import { ImageTextPanel } from "./image-text-panel";
import { SeoPanel } from "./seo-panel";
import { AuthorPicker } from "./author-picker";
import { CoverFocus } from "./cover-focus";
import { CoverUpload } from "./cover-upload";
import { FORM_NOTICE_MESSAGES, RestoreOffer } from "./form-notices";
import { findConflicts, resolvedValues, type Choice, type ConflictField, type FieldConflict } from "./conflict-merge";
import type { Side } from "./content-merge";
import { ConflictResolver } from "./conflict-resolver";
import { localDraftKey } from "./local-draft";
import { PostEditor } from "./post-editor";
import { PostAuthors } from "./post-authors";
import { PUBLISH_MESSAGES, PublishAsNew, PublishControls } from "./publish-controls";
import { PostStatusBadge } from "./post-status-badge";
import { ScheduleButton, ScheduleField, useSchedule } from "./schedule-controls";
import { TagSuggestions } from "./tag-suggestions";
import { isSaveShortcut, postFormSchema, toFormValues, type PostFormValues } from "./post-form-values";
import { useLocalCopy } from "./use-local-copy";
import { ReviewNotice, SendBack } from "./review-controls";
import { can, postContext } from "~/shared/permissions";
import { NEWSLETTER_MESSAGES } from "~/shared/newsletter";
import { CheckboxField } from "~/app/components/ui/checkbox-field";
import { NewsletterProgress } from "./newsletter-progress";
import { REVIEW_MESSAGES } from "~/shared/review";
import type { SessionUser } from "~/shared/users";
import { savedToast, scheduleToast, showSaveError } from "./post-form-toasts";
import { AddressTakeOver, refusedAddress } from "./address-take-over";

/** A refused save: the post as saved since, and how each field differs from this form's values. */
type Conflict = { theirs: CmsPost; fields: FieldConflict[] };

/**
 * docs/product.md section 2, New Post tab, and section 4's edit flow. The server checks everything again;
 * the checks here only save a round trip. No lost work (docs/decisions/021-no-lost-work.md):
 * unsaved edits are copied to the browser and offered back, `onDirtyChange` lets the dashboard
 * ask before leaving, Ctrl/Cmd+S saves in place, and an update names the version it was based on.
 */
export function PostForm({
  user,
  post,
  onDone,
  onDirtyChange,
}: {
  /** Who edits: the buttons mirror what their role may do (src/shared/permissions.ts). */
  user: SessionUser;
  post?: CmsPost;
  onDone: (saved: boolean) => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  // The post as last saved from this form: a Ctrl+S on a new post turns the form into its editor.
  const [saved, setSaved] = useState(post);
  const savedOnce = useRef(false);
  // The update time the next update is based on (a restored copy brings its own).
  const base = useRef(post?.updatedAt);
  const [conflict, setConflict] = useState<Conflict | undefined>();
  // A slug refused as another post's old address, and whether the writer confirms taking it over.
  const [refusedSlug, setRefusedSlug] = useState<string>();
  const [takeOver, setTakeOver] = useState(false);
  const [publishAsNew, setPublishAsNew] = useState(false);
  // "Also send by email": off by default, sent only with Publish or Schedule (docs/decisions/247-newsletter-sends-through-the-outbox.md).
  const [emailOnPublish, setEmailOnPublish] = useState(false);
  const editing = Boolean(saved);
  // Also the fields' default values, so the server's render shows the post before the script runs.
  const [initial] = useState(() => toFormValues(post));
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    watch,
    getFieldState,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PostFormValues>({ resolver: zodResolver(postFormSchema), defaultValues: initial });

  const copy = useLocalCopy({
    storageKey: localDraftKey(saved?.id),
    initial,
    read: getValues,
    dirty: isDirty,
    baseUpdatedAt: base.current,
  });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // "Embedded videos found" is said once per post: the post remembers it (docs/product.md section 8).
  const videosNoticed = useRef(Boolean(post?.videosNoticed));
  const noticeVideos = () => {
    if (videosNoticed.current) return;
    videosNoticed.current = true;
    toast(VIDEOS_FOUND_NOTICE);
    // Not remembered (a lost connection): it is said again at the next opening, nothing worse.
    if (saved) void api.post(videosNoticePath(saved.id)).catch(() => undefined);
  };

  // Videos the writer deleted on purpose; any other video the saved content lacks is put back.
  const removedVideos = useRef<string[]>([]);
  // The content whose videos a save keeps: the post as loaded, or the content a refused save's
  // choices made (a video the other side deleted is not put back).
  const videosOf = useRef<string | undefined>(undefined);

  // docs/product.md section 5: the slug follows the title while creating, until the writer types one.
  const title = watch("title");
  useEffect(() => {
    if (!editing && !getFieldState("slug").isDirty) setValue("slug", slugify(title));
  }, [title, editing, getFieldState, setValue]);

  const altText = useAltTextCheck();

  /** The saved post's email, to the signed-in user's own address (POST /api/cms/posts/{id}/email). */
  const sendTest = async (id: number) => {
    try {
      const sent = await api.post<{ message: string }>(`/api/cms/posts/${id}/email`, { test: true });
      toast({ title: sent.message });
    } catch (err) {
      toast({ title: err instanceof Error ? err.message : String(err), variant: "destructive" });
    }
  };
  const schedule = useSchedule(saved?.publishAt);

  /**
   * Saves the form; `published` only from the Publish and Unpublish buttons, `publishAt` only from
   * Schedule and Unschedule. A new post is sent as a draft otherwise, and an update without the
   * field keeps the post's state. `submitting`: then submits the saved draft for review.
   */
  const save = async (
    values: PostFormValues,
    stay: boolean,
    published?: boolean,
    publishAt?: string | null,
    submitting = false,
  ) => {
    // docs/product.md section 5: on submit a slug shorter than 3 is replaced by a generated one
    // (the form's schema checked any other with the rest of the fields).
    const slug = values.slug.trim().length < 3 ? generateSlug(values.title) : values.slug.trim();
    // Publishing, or saving a post that is public, shows the images without alt text first.
    const publishing = published ?? saved?.published ?? false;
    if (!altText.mayPublish(values.content, publishing, () => save(values, stay, published, publishAt))) return;
    const payload = {
      ...values,
      published: published ?? (saved ? undefined : false),
      publishAt,
      slug,
      content: prepareContentForSave(values.content, videosOf.current ?? saved?.content, removedVideos.current),
      tags: values.tags
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
      authors: values.authors?.length ? values.authors : undefined,
      takeOverAddress: takeOver && refusedSlug === slug ? true : undefined,
      publishAsNew: published === true && publishAsNew ? true : undefined,
      emailOnPublish: emailOnPublish && (published === true || Boolean(publishAt)) ? true : undefined,
    };
    try {
      const result = saved
        ? await api.put<CmsPost>(`/api/cms/update-post/${saved.id}`, { ...payload, updatedAt: base.current })
        : await api.post<CmsPost>("/api/cms/simple-create-post", payload);
      setConflict(undefined);
      setRefusedSlug(undefined);
      setTakeOver(false);
      copy.clear();
      base.current = result.updatedAt;
      videosOf.current = undefined;
      savedOnce.current = true;
      if (submitting) {
        await api.post(`/api/cms/posts/${result.id}/submit`);
        toast({ title: REVIEW_MESSAGES.submitted });
        onDirtyChange?.(false);
        return onDone(true);
      }
      if (stay) {
        // The form's own values become the saved state, so the editor keeps the cursor.
        reset({ ...values, slug: result.slug });
        setSaved(result);
        toast(FORM_NOTICE_MESSAGES.savedShortcut);
        return;
      }
      toast(
        publishAt === undefined ? savedToast(Boolean(saved), saved?.published, published) : scheduleToast(publishAt),
      );
      onDirtyChange?.(false);
      onDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && isStaleUpdateBody(err.body) && err.body.theirs && saved) {
        const { theirs } = err.body;
        setConflict({ theirs, fields: findConflicts(saved, values, theirs) });
        return;
      }
      showSaveError(err, editing);
      const refused = err instanceof ApiError ? refusedAddress(err.errors, slug) : undefined;
      if (refused !== refusedSlug) setTakeOver(false);
      setRefusedSlug(refused);
      if (err instanceof ApiError && err.errors?.publishAt) schedule.setError(err.errors.publishAt[0]);
      if (err instanceof ApiError && err.errors) {
        for (const [field, messages] of Object.entries(err.errors))
          setError(field as keyof PostFormValues, { message: messages[0] });
      }
    }
  };

  const onInvalid = () => toast({ ...ADMIN_MESSAGES.formErrors, variant: "destructive" });
  const submit = handleSubmit((values) => save(values, false), onInvalid);
  const submitInPlace = handleSubmit((values) => save(values, true), onInvalid);
  const publish = (published: boolean) => void handleSubmit((values) => save(values, false, published), onInvalid)();
  const submitForReview = () =>
    void handleSubmit((values) => save(values, false, undefined, undefined, true), onInvalid)();
  const mayPublish = can(user.role, "posts.publish");
  const mayEdit = !saved || can(user.role, "posts.edit", postContext(user.id, saved));
  const scheduleAt = (publishAt: string | null) =>
    void handleSubmit((values) => save(values, false, undefined, publishAt), onInvalid)();
  const coverImage = watch("coverImage");

  // Ctrl/Cmd+S saves and stays, from any field, the editor included.
  const shortcut = useRef({ submitInPlace, busy: isSubmitting });
  useEffect(() => {
    shortcut.current = { submitInPlace, busy: isSubmitting };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault(); // not the browser's Save Page
      if (!shortcut.current.busy) void shortcut.current.submitInPlace();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const restore = () => {
    const found = copy.accept();
    if (!found) return;
    if (found.baseUpdatedAt) base.current = found.baseUpdatedAt;
    for (const [field, value] of Object.entries(found.values) as [keyof PostFormValues, never][]) {
      setValue(field, value, { shouldDirty: true });
    }
  };

  /** The chosen values become the form's, and the save is based on their version. */
  const resolve = (choices: Partial<Record<ConflictField, Choice>>, picks: Side[]) => {
    if (!conflict) return;
    const values = resolvedValues(getValues(), conflict.fields, choices, picks);
    videosOf.current = values.content;
    for (const field of Object.keys(values) as (keyof PostFormValues)[]) {
      setValue(field, values[field], { shouldDirty: true });
    }
    base.current = conflict.theirs.updatedAt;
    setSaved(conflict.theirs);
    void submitInPlace();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="post-form-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="post-form-heading" className="text-xl font-semibold text-slate-900">
          {editing ? ADMIN_MESSAGES.editHeading : ADMIN_MESSAGES.createHeading}
        </h2>
        <PostStatusBadge status={saved?.status ?? "draft"} returned={Boolean(saved?.reviewNote)} />
      </div>
      {saved && <ReviewNotice post={saved} />}
      {saved && <PostAuthors post={saved} />}
      {copy.offer && (
        <RestoreOffer
          savedAt={copy.offer.savedAt}
          newerOnServer={Boolean(post && copy.offer.baseUpdatedAt && copy.offer.baseUpdatedAt !== post.updatedAt)}
          onRestore={restore}
          onDiscard={copy.discard}
        />
      )}
      <Field id="post-title" label="Title" error={errors.title?.message}>
        {(a) => <input {...a} {...register("title")} defaultValue={initial.title} className={inputClasses} />}
      </Field>
      <Field id="post-slug" label="Slug" error={errors.slug?.message}>
        {(a) => (
          <input {...a} {...register("slug")} defaultValue={initial.slug} className={inputClasses} spellCheck={false} />
        )}
      </Field>
      {refusedSlug !== undefined && refusedSlug === watch("slug").trim() && (
        <AddressTakeOver checked={takeOver} onChange={setTakeOver} />
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field id="post-cover" label="Thumbnail Image URL" optional error={errors.coverImage?.message}>
          {(a) => (
            <input
              {...a}
              {...register("coverImage")}
              defaultValue={initial.coverImage}
              type="url"
              placeholder="https://… or Upload (empty: the company logo)"
              className={inputClasses}
            />
          )}
        </Field>
        <CoverUpload onUploaded={(url) => setValue("coverImage", url, { shouldDirty: true, shouldValidate: true })} />
        <img
          src={coverImage || DEFAULT_COVER_IMAGE}
          alt="Thumbnail preview"
          className="h-16 w-24 rounded border border-slate-200 bg-slate-50 object-contain"
        />
      </div>
      <CoverFocus control={control} register={register} error={errors.coverFocus?.message} />
      <Field id="post-summary" label="Summary" error={errors.summary?.message}>
        {(a) => (
          <textarea {...a} {...register("summary")} defaultValue={initial.summary} rows={3} className={inputClasses} />
        )}
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
              onVideosLoaded={noticeVideos}
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
      <ImageTextPanel html={watch("content")} onChange={(html) => setValue("content", html, { shouldDirty: true })} />
      <Field id="post-tags" label="Tags" optional error={errors.tags?.message}>
        {(a) => (
          <input
            {...a}
            {...register("tags")}
            defaultValue={initial.tags}
            list="post-tag-suggestions"
            autoComplete="off"
            placeholder="Product, Healthcare"
            className={inputClasses}
          />
        )}
      </Field>
      <TagSuggestions id="post-tag-suggestions" value={watch("tags")} />
      <Controller
        control={control}
        name="authors"
        render={({ field }) => (
          <AuthorPicker value={field.value ?? []} onChange={field.onChange} error={errors.authors?.message} />
        )}
      />
      <SeoPanel control={control} register={register} errors={errors} saved={saved} />
      <AltTextWarning missing={altText.missing} onPublishAnyway={() => altText.publishAnyway()} />
      {conflict && (
        <ConflictResolver
          key={conflict.theirs.updatedAt}
          theirs={conflict.theirs}
          conflicts={conflict.fields}
          busy={isSubmitting}
          onSave={resolve}
        />
      )}
      {mayPublish && saved && !saved.published && saved.publishedAt && (
        <PublishAsNew firstPublishedAt={saved.publishedAt} checked={publishAsNew} onChange={setPublishAsNew} />
      )}
      {mayPublish && !saved?.published && can(user.role, "newsletter.send") && (
        <CheckboxField
          id="post-email-on-publish"
          label={NEWSLETTER_MESSAGES.sendByEmail}
          hint={NEWSLETTER_MESSAGES.sendByEmailHint}
          checked={emailOnPublish}
          onChange={setEmailOnPublish}
        />
      )}
      {saved?.published && can(user.role, "newsletter.send") && <NewsletterProgress postId={saved.id} />}
      {saved && can(user.role, "newsletter.send") && (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={isSubmitting}
            onClick={() => void sendTest(saved.id)}
          >
            {NEWSLETTER_MESSAGES.sendTest}
          </Button>
        </div>
      )}
      {mayPublish && !saved?.published && (
        <ScheduleField
          schedule={schedule}
          publishAt={saved?.publishAt}
          busy={isSubmitting}
          onUnschedule={() => scheduleAt(null)}
        />
      )}
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-5">
        <Button variant="outline" onClick={() => onDone(savedOnce.current)}>
          Cancel
        </Button>
        {mayPublish &&
          (schedule.value && !saved?.published ? (
            <ScheduleButton
              schedule={schedule}
              rescheduling={Boolean(saved?.publishAt)}
              title={title}
              busy={isSubmitting}
              onSchedule={scheduleAt}
            />
          ) : (
            <PublishControls
              published={Boolean(saved?.published)}
              title={title}
              slug={watch("slug").trim() || slugify(title)}
              busy={isSubmitting}
              onConfirm={publish}
            />
          ))}
        {!mayPublish && mayEdit && (
          <Button type="button" variant="secondary" disabled={isSubmitting} onClick={submitForReview}>
            {REVIEW_MESSAGES.submit}
          </Button>
        )}
        {mayEdit && (
          <Button type="submit" disabled={isSubmitting}>
            {/* docs/product.md section 2: Creating... and Updating... while the save is on the way. */}
            {isSubmitting
              ? saved
                ? ADMIN_MESSAGES.updating
                : ADMIN_MESSAGES.creating
              : saved?.published
                ? ADMIN_MESSAGES.updatePost
                : PUBLISH_MESSAGES.saveDraft}
          </Button>
        )}
      </div>
      {saved?.status === "review" && can(user.role, "posts.review") && (
        <SendBack postId={saved.id} onSent={() => onDone(true)} />
      )}
    </form>
  );
}
