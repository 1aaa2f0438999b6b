import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { industryPath } from "./nav-links";

/**
 * The header's Industries dropdown: a disclosure button and a list of links (the WAI-ARIA
 * disclosure navigation pattern), closed by Escape, a click outside or choosing a link.
 */
export function IndustriesMenu({
  label,
  industries,
}: {
  label: string;
  industries: readonly { id: string; title: string }[];
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        {label}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
        >
          <path d="M5 7l5 6 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {/* The links exist only while open: nobody can reach a closed list, and ten fewer links in
          every server render is measurable; the home page and footer link the industries. */}
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      >
        {open &&
          industries.map((industry) => (
            <li key={industry.id}>
              <Link
                to={industryPath(industry.id)}
                onClick={() => setOpen(false)}
                className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
              >
                {industry.title}
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
