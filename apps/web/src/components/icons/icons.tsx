// Inline SVG icons (UI and social). Hand-drawn on a 24-unit grid so the app
// needs no icon package. Decorative (aria-hidden) unless given an aria-label;
// usually the control that holds an icon carries the accessible name.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden={props['aria-label'] ? undefined : true}
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const MenuIcon = (props: IconProps) => (
  <Svg {...props}>
    <path {...stroke} d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);

export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path {...stroke} d="M6 6l12 12M18 6L6 18" />
  </Svg>
);

export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle {...stroke} cx="11" cy="11" r="7" />
    <path {...stroke} d="M20 20l-3.5-3.5" />
  </Svg>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Svg {...props}>
    <path {...stroke} d="M6 9l6 6 6-6" />
  </Svg>
);

export const ArrowRightIcon = (props: IconProps) => (
  <Svg {...props}>
    <path {...stroke} d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);

export const ExternalLinkIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      {...stroke}
      d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
    />
  </Svg>
);

export const VerifiedIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z"
    />
    <path {...stroke} stroke="white" d="M8.5 12.2l2.3 2.3 4.7-4.9" />
  </Svg>
);

export const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle {...stroke} cx="12" cy="12" r="9" />
    <path fill="currentColor" d="M10 8.5v7l6-3.5z" />
  </Svg>
);

export const DocumentIcon = (props: IconProps) => (
  <Svg {...props}>
    <path {...stroke} d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path {...stroke} d="M14 3v5h5M9 13h6M9 17h6" />
  </Svg>
);

export const BadgeIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle {...stroke} cx="12" cy="9" r="6" />
    <path {...stroke} d="M8.5 14l-1.5 7 5-3 5 3-1.5-7" />
  </Svg>
);

export const UsersIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle {...stroke} cx="9" cy="8" r="3.5" />
    <path
      {...stroke}
      d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5"
    />
  </Svg>
);

export const VaultIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect {...stroke} x="3" y="4" width="18" height="15" rx="2" />
    <circle {...stroke} cx="12" cy="11.5" r="3.5" />
    <path {...stroke} d="M12 8v1M12 14v1M6 19v2M18 19v2" />
  </Svg>
);

export const WalletIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      {...stroke}
      d="M4 7h15a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a2 2 0 0 1 2-2h11v3"
    />
    <circle fill="currentColor" cx="16" cy="13.5" r="1.3" />
  </Svg>
);

export const WifiOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      {...stroke}
      d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 4.2-2.4M12.8 9.1A10 10 0 0 1 19 12.5M2 8.8a15 15 0 0 1 4.4-2.6M11 5a15 15 0 0 1 11 3.8"
    />
    <circle fill="currentColor" cx="12" cy="20" r="1.2" />
  </Svg>
);

export const AlertIcon = (props: IconProps) => (
  <Svg {...props}>
    <path {...stroke} d="M12 3l10 18H2z" />
    <path {...stroke} d="M12 10v5M12 18v.01" />
  </Svg>
);

export const CompassIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle {...stroke} cx="12" cy="12" r="9" />
    <path fill="currentColor" d="M15.5 8.5l-2 5-5 2 2-5z" />
  </Svg>
);

// Social marks, simplified to read clearly at 20 px.
export const YouTubeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z"
    />
  </Svg>
);

export const XIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z"
    />
  </Svg>
);

export const LinkedInIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M20 2H4a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM8 19H5V9.5h3zM6.5 8.2a1.7 1.7 0 1 1 0-3.4 1.7 1.7 0 0 1 0 3.4zM19 19h-3v-4.6c0-1.1 0-2.5-1.5-2.5s-1.8 1.2-1.8 2.4V19h-3V9.5h2.8v1.3a3.1 3.1 0 0 1 2.8-1.5c3 0 3.6 2 3.6 4.6z"
    />
  </Svg>
);

export const TelegramIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      fill="currentColor"
      d="M21.5 3.6L2.9 10.8c-1.3.5-1.2 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.3-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.8-1.4-1.5zM9.5 14.3l8.8-7.5-6.8 8.6-.3 3z"
    />
  </Svg>
);

export const EyeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path {...stroke} d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle {...stroke} cx="12" cy="12" r="3" />
  </Svg>
);

export const EyeOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      {...stroke}
      d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.9 3.9M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7c1.8 0 3.4-.5 4.7-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18"
    />
  </Svg>
);

export const CopyIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect {...stroke} x="9" y="9" width="12" height="12" rx="2" />
    <path {...stroke} d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Svg>
);

export const CameraIcon = (props: IconProps) => (
  <Svg {...props}>
    <path
      {...stroke}
      d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z"
    />
    <circle {...stroke} cx="12" cy="13" r="3.5" />
  </Svg>
);
