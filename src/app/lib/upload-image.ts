import { MAX_UPLOAD_BYTES, MEDIA_MESSAGES, type UploadResult } from "~/shared/media";
import { API_MESSAGES, ApiError, NetworkError } from "./api";

export const UPLOAD_URL = "/api/cms/uploads";

/**
 * Sends one image to POST /api/cms/uploads. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. Rejects with ApiError carrying the server's reason (415, 413, ...)
 * or NetworkError; a file over the limit is refused before any byte is sent.
 */
export function uploadImage(file: File, onProgress?: (percent: number) => void): Promise<UploadResult> {
  if (file.size > MAX_UPLOAD_BYTES) return Promise.reject(new ApiError(413, MEDIA_MESSAGES.tooLarge));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      let json: { message?: unknown } | undefined;
      try {
        json = JSON.parse(xhr.responseText) as { message?: unknown };
      } catch {
        json = undefined;
      }
      if (xhr.status === 201 && json) return resolve(json as UploadResult);
      const message = typeof json?.message === "string" ? json.message : API_MESSAGES.failed(xhr.status);
      reject(new ApiError(xhr.status, message));
    };
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}
