/** The 404 illustration: a cloud with a broken link. */
export function NotFoundImage() {
  return (
    <svg width="320" height="220" viewBox="0 0 320 220" role="img" aria-label="404">
      <defs>
        <linearGradient id="rc-404-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f6bff" stopOpacity=".18" />
          <stop offset="1" stopColor="#7b5cff" stopOpacity=".08" />
        </linearGradient>
      </defs>
      <ellipse cx="160" cy="200" rx="130" ry="12" fill="currentColor" opacity=".08" />
      <path
        d="M78 150a42 42 0 0 1 8-83 58 58 0 0 1 108-14 46 46 0 0 1 52 45 34 34 0 0 1-6 52z"
        fill="url(#rc-404-sky)"
        stroke="#2f6bff"
        strokeWidth="3"
      />
      <text x="160" y="128" textAnchor="middle" fontSize="54" fontWeight="800" fill="#2f6bff">
        404
      </text>
      <path d="M120 176l18-14m4 0l14 10m16-10l16 14" stroke="#9aa2ae" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}
