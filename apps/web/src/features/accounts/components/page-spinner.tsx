// A centred spinner for a page that is still deciding what to show.
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="grid min-h-[50vh] place-items-center">
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-800"
      />
    </div>
  );
}
