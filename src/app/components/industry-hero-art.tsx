import type { IndustryIconName, IndustrySceneName } from "~/shared/site-content";
import { cn } from "~/app/lib/cn";
import { Icon } from "./icon";
import { INDUSTRY_SCENES } from "./industry-scenes";
import { LiveMark } from "./live-mark";

/**
 * An industry page's picture, drawn in HTML and CSS: the venue's queue board in the industry's
 * colours, its mark large in the backdrop, and the message a visitor's phone gets. Every other
 * industry mirrors the layout (`mirrored`), so neighbouring pages differ in shape as well as in colour.
 */
export function IndustryHeroArt({
  icon,
  scene: name,
  mirrored,
}: {
  icon: IndustryIconName;
  scene: IndustrySceneName;
  mirrored: boolean;
}) {
  const scene = INDUSTRY_SCENES[name];
  return (
    <div
      role="img"
      aria-label={`${scene.board}: ${scene.lines.map((l) => `${l.name}, ${l.wait}`).join("; ")}. ${scene.message.title}.`}
      className={cn("relative overflow-hidden rounded-3xl bg-gradient-to-br p-6 sm:p-8", scene.theme.backdrop)}
    >
      <Icon
        name={icon}
        className={cn("absolute bottom-5 h-28 w-28 text-slate-900/15 sm:h-36 sm:w-36", mirrored ? "right-6" : "left-6")}
      />
      <div className={cn("relative w-[88%] overflow-hidden rounded-2xl bg-white shadow-xl", mirrored && "ml-auto")}>
        <div className={cn("flex items-center gap-2 px-4 py-3 text-sm font-semibold text-white", scene.theme.header)}>
          <Icon name={icon} className="h-4 w-4" />
          {scene.board}
          <LiveMark className="ml-auto text-xs font-normal" dot="bg-emerald-400" />
        </div>
        <ul className="divide-y divide-slate-100 px-4 text-sm">
          {scene.lines.map((line) => (
            <li key={line.name} className="flex items-center gap-3 py-2.5">
              <span className="flex-1 font-medium text-slate-800">{line.name}</span>
              <span className="hidden text-xs text-slate-600 sm:inline">{line.waiting} waiting</span>
              <span className="w-16 text-right font-semibold text-slate-900">{line.wait}</span>
            </li>
          ))}
        </ul>
      </div>
      <div
        className={cn(
          "relative mt-4 w-[70%] max-w-xs rounded-2xl border-4 border-slate-900 bg-white p-3 shadow-2xl",
          mirrored ? "mr-auto" : "ml-auto",
        )}
      >
        <div className={cn("flex gap-2 rounded-xl p-2.5 text-xs", scene.theme.accent)}>
          <Icon name="bell-ring" className="h-4 w-4" />
          <div>
            <div className="font-semibold">{scene.message.title}</div>
            <div className="mt-0.5 leading-snug">{scene.message.text}</div>
          </div>
        </div>
      </div>
    </div>
  );
}
