// Sets the tab title per page: "<page> - <product>", or the product alone.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@gets/schema';

export function formatDocumentTitle(page?: string): string {
  return page ? `${page} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(page);
  }, [page]);
}
