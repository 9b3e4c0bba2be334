import type { ReactNode } from 'react';
import { Link } from 'react-router';

// For pages outside a workspace: a slim brand bar and centred content.
export function BareLayout({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="bare-layout">
      <header className="bare-header">
        <Link to="/" className="topbar-brand bare-brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>Atrium</span>
        </Link>
        <span className="topbar-spacer" />
        {actions}
      </header>
      <main id="main-content" className="bare-content">
        {children}
      </main>
    </div>
  );
}
