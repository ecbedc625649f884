import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Class names joined with later Tailwind utilities winning over earlier ones of the same kind: a
 * component's `className` prop overrides its own defaults (`bg-amber-100` replaces `bg-brand-50`)
 * instead of both ending up in the class list, where the stylesheet's order would decide.
 */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
