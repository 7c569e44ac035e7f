interface LogoMarkProps {
  size?: number;
  /** `onDark` for the app bar; `onLight` (a solid tile, like the favicon) on light surfaces. */
  variant?: 'onDark' | 'onLight';
}

/**
 * The Visus mark: an eye in a rounded square, drawn inline so it needs no request. Plain SVG (no MUI):
 * the phone controller's light page (docs/adr/0005) draws it too.
 */
export function LogoMark({ size = 28, variant = 'onDark' }: LogoMarkProps) {
  const tile = variant === 'onDark' ? 'rgba(255, 255, 255, 0.16)' : '#1d5f7a';
  return (
    <svg
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      style={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill={tile} />
      <path d="M8 32c6-10 14-16 24-16s18 6 24 16c-6 10-14 16-24 16S14 42 8 32z" fill="#fff" />
      <circle cx="32" cy="32" r="10" fill="#1d5f7a" />
      <circle cx="32" cy="32" r="4" fill="#fff" />
    </svg>
  );
}
