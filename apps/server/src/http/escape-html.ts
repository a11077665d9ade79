// Text into HTML (a page's meta tags, a mail's HTML part): the five characters
// that could close an element or an attribute become entities.
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
