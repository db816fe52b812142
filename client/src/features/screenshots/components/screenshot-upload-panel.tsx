import { CONNECTABLE_PLATFORM_NAMES } from '@common/platform-names';
import { acceptsScreenshotType, SCREENSHOT_TYPES, type ScreenshotPlatform } from '@common/screenshot-fields';
import type { Screenshot } from '@common/screenshots';
import { UploadIcon, XIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useUploadScreenshots } from '../api/upload-screenshots';

const WHAT_TO_CAPTURE: Record<ScreenshotPlatform, string> = {
  instagram: 'Insights overview: accounts reached, engaged, followers.',
  youtube: 'YouTube Studio analytics: views, watch time, subscribers, revenue.',
  tiktok: 'Analytics overview: video views, profile views, likes, followers.',
};

/** Files sent before are one screenshot each, read once: saying so explains why nothing new appears. */
function alreadyUploaded(screenshots: Screenshot[]): string {
  const names = screenshots.map((screenshot) => screenshot.fileName).join(', ');
  return screenshots.length === 1
    ? `${names} was uploaded before, so its reading is kept and it was not added again.`
    : `${names} were uploaded before, so their readings are kept and they were not added again.`;
}

/** One platform's screenshots: choose or drop images, upload with progress. */
export function ScreenshotUploadPanel({ platform }: { platform: ScreenshotPlatform }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<{ key: number; file: File }[]>([]);
  const nextKey = useRef(0);
  const keyed = (chosen: File[]) => chosen.map((file) => ({ key: nextKey.current++, file }));
  const [progress, setProgress] = useState(0);
  const [isDragging, setDragging] = useState(false);
  const upload = useUploadScreenshots();
  const name = CONNECTABLE_PLATFORM_NAMES[platform];

  function choose(list: FileList | null) {
    const chosen = [...(list ?? [])];
    for (const file of chosen.filter((file) => !acceptsScreenshotType(file.type))) {
      toast({
        title: 'Invalid File Type',
        description: `${file.name} is not a supported image format`,
        variant: 'destructive',
      });
    }
    setFiles((current) => [...current, ...keyed(chosen.filter((file) => acceptsScreenshotType(file.type)))]);
    if (input.current) input.current.value = '';
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    // Dropped files of other types are left out without a word.
    const images = [...event.dataTransfer.files].filter((file) => acceptsScreenshotType(file.type));
    setFiles((current) => [...current, ...keyed(images)]);
  }

  async function send() {
    setProgress(0);
    try {
      const saved = await upload.mutateAsync({
        platform,
        files: files.map((item) => item.file),
        onProgress: setProgress,
      });
      if (saved.screenshots.length > 0)
        toast({ title: `${saved.screenshots.length} screenshots uploaded and being analyzed` });
      if (saved.alreadyUploaded.length > 0)
        toast({ title: 'Already Uploaded', description: alreadyUploaded(saved.alreadyUploaded) });
      setFiles([]);
    } catch (error) {
      toast({
        title: 'Upload Failed',
        description: describeError(error, 'Failed to upload screenshots'),
        variant: 'destructive',
      });
    } finally {
      setProgress(0);
    }
  }

  return (
    <Card className="grid content-start gap-4 p-5" data-testid={`upload-${platform}`}>
      <div>
        <h3 className="font-bold">{name} screenshots</h3>
        <p className="text-sm text-muted-foreground">{WHAT_TO_CAPTURE[platform]}</p>
      </div>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'grid cursor-pointer justify-items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center text-sm',
          isDragging ? 'border-primary bg-primary/10' : 'border-input hover:border-primary',
        )}
      >
        <UploadIcon className="size-6 text-primary" aria-hidden="true" />
        <span className="font-semibold">Choose or drop screenshots</span>
        <span className="text-xs text-muted-foreground">JPEG, PNG or WebP, up to 10MB each</span>
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={SCREENSHOT_TYPES.join(',')}
        className="sr-only"
        aria-label={`${name} screenshots`}
        onChange={(event) => choose(event.target.files)}
        disabled={upload.isPending}
      />
      {files.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={`${name} screenshots to upload`}>
          {files.map(({ key, file }) => (
            <li key={key} className="flex items-center justify-between gap-2">
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                className="rounded-sm p-1 text-muted-foreground hover:text-foreground"
                onClick={() => setFiles((current) => current.filter((item) => item.key !== key))}
                disabled={upload.isPending}
              >
                <XIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">Remove {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {upload.isPending && <Progress value={progress} aria-label={`Uploading ${name} screenshots`} />}
      <Button onClick={send} disabled={files.length === 0 || upload.isPending}>
        {upload.isPending ? 'Uploading...' : `Upload ${name} screenshots`}
      </Button>
    </Card>
  );
}
