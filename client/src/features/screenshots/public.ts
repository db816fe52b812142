/** What other features may use of this one; everything else here is its own. */
export { ScreenshotPanels } from './components/screenshot-panels';
