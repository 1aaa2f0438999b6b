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
        if (scrollToSection(target)) e.preventDefault();
      }}
      {...props}
    >
      {children}
    </a>
  );
}

/**
 * Scrolls to the section of this page with the id `target`, smoothly unless the reader asks for
 * reduced motion. False when the page has no such section: the link then does what it would.
 */
export function scrollToSection(target: string): boolean {
  const section = document.getElementById(target);
  if (!section) return false;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
  return true;
}
