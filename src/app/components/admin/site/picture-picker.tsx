import type { ReactNode } from "react";
import { Icon } from "~/app/components/icon";
import { INDUSTRY_SCENES } from "~/app/components/industry-scenes";
import { cn } from "~/app/lib/cn";
import {
  INDUSTRY_ICON_NAMES,
  INDUSTRY_SCENE_NAMES,
  type IndustryIconName,
  type IndustrySceneName,
} from "~/shared/site-content";

const choiceClass = (chosen: boolean) =>
  cn(
    "flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 p-2 text-xs text-slate-700",
    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700",
    chosen ? "border-brand-700 bg-brand-50" : "border-slate-200 hover:border-slate-400",
  );

const readable = (name: string) => name.replaceAll("-", " ");

/** A radio group of pictures (arrow keys move the choice), each with its name for screen readers or shown. */
export function PictureChoices<T extends string>({
  name,
  label,
  value,
  onChange,
  choices,
  grid,
  picture,
}: {
  name: string;
  label: string;
  value: T;
  onChange: (choice: T) => void;
  choices: readonly T[];
  /** The grid's columns, by screen width. */
  grid: string;
  picture: (choice: T) => ReactNode;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className={cn("mt-2 grid gap-2", grid)}>
        {choices.map((choice) => (
          <label key={choice} className={choiceClass(choice === value)}>
            <input
              type="radio"
              name={name}
              value={choice}
              checked={choice === value}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            {picture(choice)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type PickerProps<T> = { name: string; label: string; value: T; onChange: (choice: T) => void };

/** An industry's mark, chosen from the sprite's pictures. */
export function IconPicker(props: PickerProps<IndustryIconName>) {
  return (
    <PictureChoices
      {...props}
      choices={INDUSTRY_ICON_NAMES}
      grid="grid-cols-5 sm:grid-cols-10"
      picture={(icon) => (
        <>
          <Icon name={icon} className="h-7 w-7 text-brand-800" />
          <span className="sr-only">{readable(icon)}</span>
        </>
      )}
    />
  );
}

/** An industry page's drawn scene, each shown by its colours and its board's name. */
export function ScenePicker(props: PickerProps<IndustrySceneName>) {
  return (
    <PictureChoices
      {...props}
      choices={INDUSTRY_SCENE_NAMES}
      grid="grid-cols-2 sm:grid-cols-5"
      picture={(sceneName) => {
        const scene = INDUSTRY_SCENES[sceneName];
        return (
          <>
            <span
              aria-hidden="true"
              className={cn("block h-12 w-full rounded-md bg-gradient-to-br p-1.5", scene.theme.backdrop)}
            >
              <span className={cn("block h-2 w-3/4 rounded-sm", scene.theme.header)} />
              <span className="mt-1 block h-1.5 w-2/3 rounded-sm bg-white/90" />
              <span className="mt-1 block h-1.5 w-1/2 rounded-sm bg-white/90" />
            </span>
            <span className="text-center leading-tight">{scene.board}</span>
          </>
        );
      }}
    />
  );
}
