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

/** An industry's mark, chosen from the sprite's pictures (a radio group: arrow keys move the choice). */
export function IconPicker({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: IndustryIconName;
  onChange: (icon: IndustryIconName) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-2 grid grid-cols-5 gap-2 sm:grid-cols-10">
        {INDUSTRY_ICON_NAMES.map((icon) => (
          <label key={icon} className={choiceClass(icon === value)}>
            <input
              type="radio"
              name={name}
              value={icon}
              checked={icon === value}
              onChange={() => onChange(icon)}
              className="sr-only"
            />
            <Icon name={icon} className="h-7 w-7 text-brand-800" />
            <span className="sr-only">{readable(icon)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** An industry page's drawn scene, each shown by its colours and its board's name. */
export function ScenePicker({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: IndustrySceneName;
  onChange: (scene: IndustrySceneName) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {INDUSTRY_SCENE_NAMES.map((sceneName) => {
          const scene = INDUSTRY_SCENES[sceneName];
          return (
            <label key={sceneName} className={choiceClass(sceneName === value)}>
              <input
                type="radio"
                name={name}
                value={sceneName}
                checked={sceneName === value}
                onChange={() => onChange(sceneName)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={cn("block h-12 w-full rounded-md bg-gradient-to-br p-1.5", scene.theme.backdrop)}
              >
                <span className={cn("block h-2 w-3/4 rounded-sm", scene.theme.header)} />
                <span className="mt-1 block h-1.5 w-2/3 rounded-sm bg-white/90" />
                <span className="mt-1 block h-1.5 w-1/2 rounded-sm bg-white/90" />
              </span>
              <span className="text-center leading-tight">{scene.board}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
