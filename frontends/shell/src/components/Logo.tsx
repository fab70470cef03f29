/** The product mark: a house on a rounded square. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M16 7 6 15.2h3V25h5.5v-6h3v6H23v-9.8h3z" fill="#fff" />
    </svg>
  );
}
