import { useEffect } from 'react';

// Screen readers announce the document title on navigation; every page sets its own.
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Atrium`;
  }, [title]);
}
