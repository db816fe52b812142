import { SCREENSHOT_PLATFORMS } from '@common/screenshots';
import { ScreenshotList } from './screenshot-list';
import { ScreenshotUploadPanel } from './screenshot-upload-panel';

/** Spec §2: with no platforms connected, per-platform screenshot upload panels, and what was read. */
export function ScreenshotPanels() {
  return (
    <section aria-labelledby="screenshot-panels" className="grid gap-4">
      <div>
        <h2 id="screenshot-panels" className="text-xl font-bold">
          Add your platform numbers
        </h2>
        <p className="text-muted-foreground">
          Upload screenshots of your analytics: we read the figures and keep them with your history, and each
          platform you show counts in your health check.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {SCREENSHOT_PLATFORMS.map((platform) => (
          <ScreenshotUploadPanel key={platform} platform={platform} />
        ))}
      </div>
      <ScreenshotList />
    </section>
  );
}
