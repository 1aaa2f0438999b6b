import { useWatch, type Control, type UseFormRegister } from "react-hook-form";
import { DEFAULT_COVER_IMAGE } from "~/shared/blog";
import { inputClasses } from "~/app/components/ui/field";
import type { PostFormValues } from "./post-form-values";
import { COVER_FOCUS_MESSAGES as M } from "./seo-messages";

/** The crops a writer picks from; empty is the cards' own default, from the top. */
const FOCUS_OPTIONS = [
  { value: "", label: M.top },
  { value: "50% 25%", label: M.upper },
  { value: "50% 50%", label: M.middle },
  { value: "50% 75%", label: M.lower },
  { value: "50% 100%", label: M.bottom },
] as const;

/**
 * Which part of the cover a card keeps (docs/decisions/118-covers-shown-whole.md): the post page
 * shows the cover whole, a card shows a 140 px band of it. Beside the choice, the band as a card
 * shows it. Only with a cover image.
 */
export function CoverFocus({
  control,
  register,
  error,
}: {
  control: Control<PostFormValues>;
  register: UseFormRegister<PostFormValues>;
  error?: string;
}) {
  const [cover, focus] = useWatch({ control, name: ["coverImage", "coverFocus"] });
  if (!cover) return null;
  const custom = focus && !FOCUS_OPTIONS.some((o) => o.value === focus) ? [{ value: focus, label: focus }] : [];
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="space-y-1">
        <label htmlFor="post-cover-focus" className="block text-sm font-medium text-slate-800">
          {M.label}
        </label>
        <select
          id="post-cover-focus"
          {...register("coverFocus")}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "post-cover-focus-error" : undefined}
          className={inputClasses}
        >
          {[...FOCUS_OPTIONS, ...custom].map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error && (
          <p id="post-cover-focus-error" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <figure className="space-y-1">
        <img
          src={cover || DEFAULT_COVER_IMAGE}
          alt=""
          className="h-[70px] w-[180px] rounded border border-slate-200 object-cover object-top"
          style={focus ? { objectPosition: focus } : undefined}
        />
        <figcaption className="text-xs text-slate-600">{M.preview}</figcaption>
      </figure>
    </div>
  );
}
