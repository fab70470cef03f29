/**
 * The wizard's page while its code or the current user loads: card-shaped placeholders drawn with the page's own
 * CSS, not antd's Card and Skeleton, so it shows before antd's code has arrived.
 */
export function WizardLoading() {
  return (
    <div className="wz-loading" role="status" aria-busy="true" aria-label="Loading">
      <div className="wz-loading__line wz-loading__line--title" />
      {[0, 1, 2, 3, 4, 5].map((line) => (
        <div key={line} className="wz-loading__line" />
      ))}
    </div>
  );
}
