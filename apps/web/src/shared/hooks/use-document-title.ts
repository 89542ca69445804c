import { useEffect } from 'react';

let brandName = 'Khela';

/** Set once the whitelabel answer arrives, so every page title carries the brand's name. */
export function setDocumentBrandName(name: string): void {
  brandName = name;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title && title !== brandName ? `${title} · ${brandName}` : brandName;
  }, [title]);
}
