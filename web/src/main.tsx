import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadPage } from './app';
import { takeNamedAnswers } from './lib/api';
import { AppProviders } from './providers';
import './index.css';

// What the page's HTML named for it (who is here, a link's video, a share), taken now.
takeNamedAnswers(
  Array.from(document.head.querySelectorAll('link[rel="preload"][as="fetch"]'), (link) => link.getAttribute('href') ?? '').filter(
    Boolean,
  ),
);
const code = preloadPage(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <App />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
// The shared page shows nothing but its code's spinner until that code has come: it is rendered
// then, the HTML's 'Loading Find Clips…' staying meanwhile. Rendered at once, it showed Suspense's
// spinner, and React 19 holds a screen back until 300 ms after a spinner shows: the share's topics
// came 320 ms after it each time, whenever the code and the share had come (its answer is preloaded).
// The other pages render at once: they ask who is here first, while their code comes.
if (window.location.pathname.startsWith('/shared/')) void code.then(render);
else render();
