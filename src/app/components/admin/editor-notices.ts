/** What the editor tells and asks the writer (SPEC sections 5 and 8), one string in one place. */
// SPEC section 5 "Image uploads in the editor accept png, gif, jpeg, bmp and x-icon files". Post
// images are stored as addresses (the sanitizer keeps only http(s) img src, and a base64 image
// would bloat every post), so a dropped or pasted file of these types is not embedded: the writer
// is told to add it by address with the image button, which asks for one.
export const IMAGE_TYPES = ["image/png", "image/gif", "image/jpeg", "image/bmp", "image/x-icon"];
export const IMAGE_UPLOAD_NOTICE = {
  title: "Add images by address",
  description: "Image files are not uploaded into posts. Use the image button and paste the image's https:// address.",
};
export const IMAGE_ADDRESS_NOTICE = {
  title: "Invalid image address",
  description: "An image address must start with https:// or http://.",
};
export const VIDEO_PROMPT = "Paste a YouTube or Vimeo link, or its embed code:";
export const IMAGE_PROMPT = "Image address (https://...):";
