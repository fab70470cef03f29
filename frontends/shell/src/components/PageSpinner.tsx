/** A quiet loading state for a page; it appears only if loading takes longer than a moment. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
