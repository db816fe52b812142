import type { ScreenshotPlatform, ScreenshotUpload } from '@common/screenshots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { screenshotsQueryOptions } from './get-screenshots';

export type UploadInput = {
  platform: ScreenshotPlatform;
  files: File[];
  onProgress: (percent: number) => void;
};

/**
 * POST /api/upload/screenshots (multipart: files, platform, uploadType='screenshots'). Sent with
 * XMLHttpRequest because fetch reports no upload progress; a refusal throws ApiError as apiRequest does.
 * It answers with the screenshots added, and those the creator had sent before (kept once).
 */
export function uploadScreenshots({ platform, files, onProgress }: UploadInput): Promise<ScreenshotUpload> {
  const form = new FormData();
  form.set('platform', platform);
  form.set('uploadType', 'screenshots');
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload/screenshots');
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        const body = JSON.parse(request.responseText) as Partial<ScreenshotUpload>;
        resolve({ screenshots: body.screenshots ?? [], alreadyUploaded: body.alreadyUploaded ?? [] });
      } else {
        reject(new ApiError(request.status, request.responseText || request.statusText));
      }
    };
    request.onerror = () => reject(new TypeError('The upload could not reach the server.'));
    request.send(form);
  });
}

export function useUploadScreenshots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadScreenshots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenshotsQueryOptions().queryKey }),
  });
}
