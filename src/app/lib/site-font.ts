import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url&no-inline";

/**
 * The site's one typeface: Inter's variable font (OFL, from @fontsource-variable/inter), its
 * Latin subset only, every weight in one 48 KB file served from our own /assets with the other
 * fingerprinted files (docs/decisions/277-one-self-hosted-variable-font.md). The root preloads it
 * and declares its face beside the inline stylesheet: the face needs this fingerprinted URL, which
 * only the build knows, so it cannot live in app.css.
 */
export const SITE_FONT_URL = interUrl;

/**
 * `swap` paints the text at once in the fallback and redraws it when Inter arrives; app.css's
 * "Inter Fallback" face is sized to Inter's metrics, so the redraw moves nothing.
 */
export const SITE_FONT_FACE = `@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${interUrl}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`;
