/**
 * The contact form's choice for a visitor whose industry is not listed. Apart from the form's
 * schema, which the form loads only when it is used (docs/decisions/002-small-public-javascript.md).
 */
export const CONTACT_INDUSTRY_OTHER = "other";
