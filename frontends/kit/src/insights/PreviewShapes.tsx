/**
 * A locked preview of the neighborhood card: grey shapes where the scores and lines would be, and no text or
 * figure at all (nothing invented, nothing to read through the blur).
 */
export function PreviewShapes() {
  const bar = (width: string, height = 12) => <span style={{ display: 'block', width, height, borderRadius: 6, background: '#e2e8f0' }} />;
  return (
    <div aria-hidden="true" data-testid="neighborhood-preview" style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: 12 }}>
        {[0, 1, 2].map((i) => (
          <span key={i} style={{ display: 'grid', gap: 8, border: '1px solid #e5e7eb', borderRadius: 10, padding: 14 }}>
            {bar('60%')}
            {bar('40%', 22)}
          </span>
        ))}
      </div>
      {bar('95%')}
      {bar('85%')}
      {bar('70%')}
    </div>
  );
}
