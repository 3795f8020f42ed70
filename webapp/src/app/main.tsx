import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <main className="page">
      <h1>CedarSIM</h1>
    </main>
  </StrictMode>,
);
