import { useId } from 'react';

/** The Voxpress mark: sound bars turning into a pen stroke. Decorative unless `title` is given. */
export function BrandMark({ size = 32, title }: { size?: number; title?: string }) {
  const gradient = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7048e8" />
          <stop offset="1" stopColor="#1c7ed6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <g fill="#fff">
        <rect x="13" y="26" width="5" height="12" rx="2.5" />
        <rect x="21.5" y="18" width="5" height="28" rx="2.5" />
        <rect x="30" y="12" width="5" height="40" rx="2.5" />
        <rect x="38.5" y="21" width="5" height="22" rx="2.5" />
        <path d="M47 42 L53 30 L55 31 L49 43 Z" />
        <path d="M47 42 L46.4 45.2 L49 43 Z" />
      </g>
    </svg>
  );
}
