import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. Deliberately without tailwind-merge (~9 kB gzipped on every public page):
 * components take extra classes for layout, and size/colour changes go through variants.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
