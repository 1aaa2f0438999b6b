import { useRef, useState } from "react";
import { IMAGE_TYPES } from "./editor-notices";
import { MEDIA_MESSAGES } from "~/shared/media";
import { toast } from "~/app/lib/toast";
import { uploadImage } from "~/app/lib/upload-image";
import { Button } from "~/app/components/ui/button";

/**
 * The cover field's Upload button: picks an image file, uploads it with its progress shown, and
 * hands the stored image's address to the field; a refused file gets a toast with the reason.
 */
export function CoverUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setPercent(0);
    try {
      const { url } = await uploadImage(file, setPercent);
      onUploaded(url);
    } catch (error) {
      toast({
        title: `${MEDIA_MESSAGES.uploadFailed}: ${file.name}`,
        description: error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    } finally {
      setPercent(null);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="cover-file"
        onChange={(e) => void onPick(e.target.files?.[0])}
      />
      <Button
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={percent !== null}
        aria-describedby="post-cover-progress"
      >
        {percent === null ? "Upload" : `${percent}%`}
      </Button>
      <span id="post-cover-progress" role="status" className="sr-only">
        {percent === null ? "" : `${MEDIA_MESSAGES.uploading} ${percent}%`}
      </span>
    </>
  );
}
