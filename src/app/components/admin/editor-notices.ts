/** What the editor tells and asks the writer (docs/product.md sections 5 and 8), one string in one place. */
// docs/product.md section 5 "Image uploads in the editor accept png, gif, jpeg, bmp and x-icon files", and
// webp: the image button, paste and drop upload them (quill-uploads.ts); the server checks the bytes.
export const IMAGE_TYPES = [
  "image/png",
  "image/gif",
  "image/jpeg",
  "image/bmp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
  "image/webp",
];
export const VIDEO_PROMPT = "Paste a YouTube or Vimeo link, or its embed code:";
