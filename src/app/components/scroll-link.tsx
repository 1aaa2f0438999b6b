import type { ComponentProps } from "react";

/**
 * A link to a section of the current page. Without JavaScript it is a plain fragment link; with
 * it, it scrolls smoothly without touching the router's history (docs/product.md section 2: hero buttons).
 */
export function ScrollLink({ target, children, ...props }: Omit<ComponentProps<"a">, "href"> & { target: string }) {
  return (
    <a
      href={`#${target}`}
      onClick={(e) => {
        const section = document.getElementById(target);
        if (!section) return;
        e.preventDefault();
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        section.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
      }}
      {...props}
    >
      {children}
    </a>
  );
}
