import type { ComponentProps, ReactNode } from 'react';

/**
 * The few icons in the public pages' first load, drawn here in lucide's style (24 px grid, 2 px
 * round strokes): lucide-react's shared runtime costs more than these four shapes. Everything loaded
 * later uses lucide-react as usual. Decorative (aria-hidden) unless the caller says otherwise.
 */
function icon(shape: ReactNode) {
  return function Icon(props: ComponentProps<'svg'>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        {shape}
      </svg>
    );
  };
}

export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = icon(<path d="M18 6 6 18M6 6l12 12" />);
export const PlayIcon = icon(<path d="M7 4.5v15L19.5 12z" />);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const SlidersIcon = icon(
  <path d="M20 7h-9M14 17H5M20 17a3 3 0 1 1-6 0 3 3 0 0 1 6 0ZM10 7a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z" />,
);
