// The playground page's entry: the kit's default theme, the page's own chrome, then the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../src/styles.css';
import './playground.css';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('playground/index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
