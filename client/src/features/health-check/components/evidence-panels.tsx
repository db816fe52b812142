import { PlatformConnectPanel } from '@/features/platforms/public';
import { ScreenshotPanels } from '@/features/screenshots/public';

/**
 * What the scores are read from: connections and analytics screenshots. Below the scores, in a chunk
 * of their own, so the health check's first screen does not wait for their code.
 */
export default function EvidencePanels() {
  return (
    <>
      <PlatformConnectPanel />
      <ScreenshotPanels />
    </>
  );
}
