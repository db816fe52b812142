import { SCREENSHOT_PLATFORMS, SCREENSHOTS_FOR_ALERTS } from '@common/screenshots';
import { ScreenshotList } from './screenshot-list';
import { ScreenshotUploadPanel } from './screenshot-upload-panel';

const ordinal = (count: number) =>
  `${count}${count === 1 ? 'st' : count === 2 ? 'nd' : count === 3 ? 'rd' : 'th'}`;

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
        <p className="text-sm text-muted-foreground" data-testid="screenshots-and-alerts">
          For alerts, each screenshot is one reading of its figures, not a trend. A fall is judged against the
          screenshots before it: from your {ordinal(SCREENSHOTS_FOR_ALERTS)} screenshot of a platform, each
          new one is compared with the ones before it (up to six), and a figure a fifth or more below them
          raises an alert. Upload one regularly, from the same screen and period.
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
