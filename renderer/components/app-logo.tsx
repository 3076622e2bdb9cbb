/** The app mark (same drawing as assets/icon.png): an "N" drawn as a small data graph. */
export function AppLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="nomad-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4c6ef5" />
          <stop offset="1" stopColor="#0ca678" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#nomad-logo-bg)" />
      <path
        d="M19 45 V19 L45 45 V19"
        fill="none"
        stroke="#fff"
        strokeWidth="5.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {[
        [19, 45],
        [19, 19],
        [45, 45],
        [45, 19],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="6" fill="#fff" />
      ))}
    </svg>
  )
}
