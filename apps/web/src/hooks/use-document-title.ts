// Sets the tab title per page: "<page> - <product>", or the product alone.
// A layout effect, so the title is set in the same commit as the page it names.
import { useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '@gets/schema';

export function formatDocumentTitle(page?: string): string {
  return page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(page?: string): void {
  useLayoutEffect(() => {
    document.title = formatDocumentTitle(page);
  }, [page]);
}
