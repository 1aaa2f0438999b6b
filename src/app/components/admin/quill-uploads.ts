import type Quill from "quill";
import type { Range } from "quill";
import { MEDIA_MESSAGES } from "~/shared/media";
import { toast } from "~/app/lib/toast";
import { uploadImage } from "~/app/lib/upload-image";
import type { DeltaClass } from "./quill-setup";

/** What the editor shows while a file goes up: its name and how far along it is. */
export type UploadProgress = { name: string; percent: number } | null;

/** Each editor's progress display, registered by quill-editor.tsx. */
const listeners = new WeakMap<Quill, (progress: UploadProgress) => void>();

export function onUploadProgress(quill: Quill, listener: (progress: UploadProgress) => void): () => void {
  listeners.set(quill, listener);
  return () => listeners.delete(quill);
}

/**
 * Quill's uploader handler (the image button, paste and drop all end here): each file goes to
 * the server one after another and is inserted where the caret was, as the writer's edit. A
 * refused file gets a toast with the server's reason; the others still go in.
 */
export async function uploadIntoEditor(
  quill: Quill,
  DeltaCtor: DeltaClass,
  range: Range,
  files: File[],
): Promise<void> {
  let at = range.index;
  let replace = range.length;
  const report = (progress: UploadProgress) => listeners.get(quill)?.(progress);
  for (const file of files) {
    report({ name: file.name, percent: 0 });
    try {
      const { url } = await uploadImage(file, (percent) => report({ name: file.name, percent }));
      quill.updateContents(new DeltaCtor().retain(at).delete(replace).insert({ image: url }), "user");
      at += 1;
      replace = 0;
      quill.setSelection(at, 0, "silent");
    } catch (error) {
      toast({
        title: `${MEDIA_MESSAGES.uploadFailed}: ${file.name}`,
        description: error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    }
  }
  report(null);
}
