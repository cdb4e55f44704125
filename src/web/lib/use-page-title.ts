import { useEffect } from 'react';

/** Sets the document title to "<title> · Domaće" while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Domaće` : 'Domaće';
  }, [title]);
}
