/** The header's section links (docs/product.md section 2), shared by the desktop bar and the mobile menu. */
export const SECTION_LINKS = {
  about: { label: "About", to: "/#about" },
  technology: { label: "Technology", to: "/#core-tech" },
  blog: { label: "Blog", to: "/blog" },
  contact: { label: "Contact", to: "/#contact" },
} as const;

export const industryPath = (id: string) => `/industries/${id}`;
