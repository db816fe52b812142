import { cn } from '@/lib/utils';
import { UserIcon } from './icons';

const SIZES = {
  small: { pixels: 28, box: 'size-7', icon: 'size-4' },
  large: { pixels: 72, box: 'size-18', icon: 'size-8' },
};

/** The creator's profile picture, or a person icon when they have none. */
export function Avatar({
  src,
  alt = '',
  size,
}: {
  src: string | null;
  alt?: string;
  size: keyof typeof SIZES;
}) {
  const { pixels, box, icon } = SIZES[size];
  if (src)
    return (
      <img
        src={src}
        alt={alt}
        width={pixels}
        height={pixels}
        className={cn(box, 'rounded-full object-cover')}
      />
    );
  return (
    <span className={cn(box, 'grid place-items-center rounded-full bg-muted')}>
      <UserIcon className={icon} aria-hidden="true" />
    </span>
  );
}
