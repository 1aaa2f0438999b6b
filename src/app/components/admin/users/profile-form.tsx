import { useState, type FormEvent } from "react";
import { PROFILE_LIMITS } from "~/shared/authors";
import type { OwnProfile } from "~/shared/user-admin";
import { ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { uploadImage } from "~/app/lib/upload-image";
import { AuthorAvatar } from "~/app/components/author-avatar";
import { Button } from "~/app/components/ui/button";
import { Field, InputField, inputClasses } from "~/app/components/ui/field";
import { PROFILE_MESSAGES as M } from "./users-messages";

export type ProfileValues = { displayName: string; bio: string; avatar: string; email: string };
type Errors = Partial<Record<keyof ProfileValues, string>>;

/**
 * A public profile's fields (docs/decisions/130-bylines-and-author-pages.md): display name, bio
 * and avatar, uploaded from here or removed for the initials, and the email address invitations
 * and reset links use (never shown to readers). The Profile panel saves one's own,
 * the Users tab anyone's; `save` sends the values, "" removing a field. The server's field
 * messages show under their fields.
 */
export function ProfileForm({
  idPrefix,
  username,
  initial,
  save,
  onSaved,
}: {
  idPrefix: string;
  username: string;
  initial: Partial<OwnProfile>;
  save: (values: ProfileValues) => Promise<unknown>;
  onSaved?: () => void;
}) {
  const [values, setValues] = useState<ProfileValues>({
    displayName: initial.displayName && initial.displayName !== username ? initial.displayName : "",
    bio: initial.bio ?? "",
    avatar: initial.avatar ?? "",
    email: initial.email ?? "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof ProfileValues, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      set("avatar", (await uploadImage(file)).url);
      setErrors((e) => ({ ...e, avatar: undefined }));
    } catch (err) {
      setErrors((e) => ({ ...e, avatar: err instanceof Error ? err.message : M.uploadFailed }));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await save(values);
      setErrors({});
      toast(M.saved);
      onSaved?.();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
      }
      failureToast(err, M.saveFailed);
    } finally {
      setBusy(false);
    }
  };

  const shown = { displayName: values.displayName.trim() || username, avatar: values.avatar || undefined };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <InputField
        id={`${idPrefix}-name`}
        label={M.displayName}
        optional
        value={values.displayName}
        placeholder={username}
        maxLength={PROFILE_LIMITS.displayName}
        onChange={(e) => set("displayName", e.target.value)}
        error={errors.displayName}
      />
      <Field id={`${idPrefix}-bio`} label={M.bio} optional error={errors.bio}>
        {(a) => (
          <textarea
            {...a}
            rows={3}
            value={values.bio}
            onChange={(e) => set("bio", e.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      <p className="-mt-3 text-xs text-slate-600" aria-live="polite">
        {M.bioCount(values.bio.length, PROFILE_LIMITS.bio)}
      </p>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">
          {M.avatar} <span className="font-normal text-slate-600">(optional)</span>
        </legend>
        <div className="flex flex-wrap items-center gap-3">
          <AuthorAvatar author={shown} size={56} />
          <label className="cursor-pointer rounded text-sm font-medium text-brand-700 underline underline-offset-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
            {M.upload}
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              disabled={busy}
              onChange={(e) => void upload(e.currentTarget.files?.[0])}
            />
          </label>
          {values.avatar && (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => set("avatar", "")}>
              {M.useInitials}
            </Button>
          )}
        </div>
        {errors.avatar && <p className="text-sm text-red-700">{errors.avatar}</p>}
      </fieldset>
      <InputField
        id={`${idPrefix}-email`}
        label={M.email}
        optional
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set("email", e.target.value)}
        error={errors.email}
      />
      <p className="-mt-3 text-xs text-slate-600">{M.emailHint}</p>
      <Button type="submit" disabled={busy}>
        {M.save}
      </Button>
    </form>
  );
}
