import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

// The app's buttons (ADR 032): one shape, variants named by the role of the action, sizes by height,
// and the disabled and busy states drawn the same everywhere. `Button` renders a <button>;
// `buttonClassName` gives a link (react-router's <Link>) the same look.

/**
 * - `primary`: the action a screen is for (buy, post, start reading), in the brand colour.
 * - `neutral`: the main action of a form that is not a sale or a read (log in, continue, confirm), in ink.
 * - `secondary`: the way out or the alternative beside a main action (cancel, sign up), outlined.
 * - `soft`: a quiet action inside content (retry, show more), on a grey tint.
 * - `danger`: an action that deletes or hides, filled red; `danger-secondary`: the same, outlined.
 * - `ghost`: a small action among content (mute, report, like) with no surface until hovered.
 * - `overlay`: a secondary action over a picture or a dark band (the title page's header).
 * - `link`: an action that reads as a link inside text.
 */
export const BUTTON_VARIANTS = [
  'primary',
  'neutral',
  'secondary',
  'soft',
  'danger',
  'danger-secondary',
  'ghost',
  'overlay',
  'link',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

/** By height: xs 32 px, sm 36, md 40, lg 44, xl 48. */
export const BUTTON_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

const SHAPE = 'inline-flex items-center justify-center rounded-full font-bold transition';

const SIZE: Record<ButtonSize, { box: string; padding: string }> = {
  xs: { box: 'h-8 gap-1.5 text-xs', padding: 'px-3' },
  sm: { box: 'h-9 gap-2 text-sm', padding: 'px-4' },
  md: { box: 'h-10 gap-2 text-sm', padding: 'px-5' },
  lg: { box: 'h-11 gap-2 text-sm', padding: 'px-5' },
  xl: { box: 'h-12 gap-2 text-sm', padding: 'px-5' },
};

/** The padding of a wide button (the main actions of a page's header or a locked chapter). */
const WIDE_PADDING = 'px-6';

const COLOURS: Record<Exclude<ButtonVariant, 'link'>, string> = {
  primary: 'bg-brand-500 text-white hover:bg-brand-600',
  neutral: 'bg-ink text-white hover:bg-zinc-800',
  secondary: 'bg-white text-ink ring-1 ring-zinc-300 hover:bg-zinc-50',
  soft: 'bg-zinc-100 text-ink hover:bg-zinc-200',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  'danger-secondary': 'text-red-700 ring-1 ring-red-200 hover:bg-red-50',
  ghost: 'text-zinc-500 hover:bg-zinc-100 hover:text-ink',
  overlay: 'bg-white/10 text-white ring-1 ring-white/20 hover:bg-white/20',
};

/** A primary button casts the brand's shadow, more as it grows. */
const PRIMARY_SHADOW: Record<ButtonSize, string> = {
  xs: '',
  sm: '',
  md: 'shadow-sm',
  lg: 'shadow-lg shadow-brand-500/25',
  xl: 'shadow-lg shadow-brand-500/25',
};

/** Every disabled button (and a busy one): named colours that pass AA (design-tokens.test.ts), no shadow. */
const DISABLED =
  'disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-600 disabled:shadow-none disabled:ring-zinc-300';

const LINK =
  'font-bold text-brand-600 underline hover:text-brand-700 disabled:cursor-not-allowed disabled:text-zinc-600';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** As wide as its container. */
  block?: boolean;
  /** More room either side of the words. */
  wide?: boolean;
  /** Layout only (margins, self-alignment); never colours or sizes, which are the variant's and size's. */
  className?: string;
}

/** The classes of a button of this look, for a <button> or a link drawn as one. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  wide = false,
  className,
}: ButtonLook = {}): string {
  const { box, padding } = SIZE[size];
  const parts =
    variant === 'link'
      ? [LINK, size === 'xs' ? 'text-xs' : 'text-sm']
      : [
          SHAPE,
          box,
          wide ? WIDE_PADDING : padding,
          COLOURS[variant],
          variant === 'primary' ? PRIMARY_SHADOW[size] : '',
          DISABLED,
        ];
  if (block) parts.push('w-full');
  if (className) parts.push(className);
  return parts.filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonLook, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  /**
   * Waiting for the answer to this button: disabled, `aria-busy`, a spinner, and `busyLabel` (what
   * assistive technology and the reader see, "Posting…") in place of the children.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  block,
  wide,
  className,
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClassName({ variant, size, block, wide, className })}
      {...rest}
    >
      {busy ? (
        <>
          <Spinner />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A small turning ring in the text colour. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      className={`${className} shrink-0 animate-spin rounded-full border-2 border-current/30 border-t-current`}
      aria-hidden="true"
    />
  );
}
