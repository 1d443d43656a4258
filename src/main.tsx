// Browser entry: the definitions' index, then router and the app. No antd here: the login page is plain React, antd
// loads with the pages that use it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { loadDefinitions } from './definitions';
import './styles.css';

const root = document.getElementById('root')!;
loadDefinitions().then(
  () =>
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  () => (root.textContent = 'The server cannot be reached. Reload the page in a moment.'),
);
