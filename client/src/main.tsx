import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { suppressNetworkRejections } from './lib/suppress-network-rejections';
import './styles.css';

suppressNetworkRejections();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Public pages arrive prerendered (scripts/build.mjs): take over their HTML instead of redrawing it.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
