import { SCREENSHOT_PLATFORMS, SCREENSHOTS_FOR_ALERTS } from '@common/screenshot-fields';
import { ScreenshotList } from './screenshot-list';
import { ScreenshotUploadPanel } from './screenshot-upload-panel';

const ordinal = (count: number) =>
  `${count}${count === 1 ? 'st' : count === 2 ? 'nd' : count === 3 ? 'rd' : 'th'}`;

/** Per-platform screenshot upload panels, and what was read (docs/product/app.md#screenshots). */
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
          Each screenshot is one reading. A figure that falls by 30% or more against the period before raises
          an alert: from your first screenshot when the screen states its change (“↓ 35%”), once you confirm
          it, and otherwise from your {ordinal(SCREENSHOTS_FOR_ALERTS)} screenshot of the same screen and
          period (by a fifth, once three periods come before it). Upload from the same screen and period each
          time.
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
