import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from 'react';
import { Link, type NavigateOptions } from '../../navigation.tsx';
import { cx } from '../class-names.ts';
import { Spinner } from '../Spinner/Spinner.tsx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface LookProps {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  LookProps & {
    /** While a request runs: the button is disabled, shows a spinner and says aria-busy. */
    busy?: boolean;
    ref?: Ref<HTMLButtonElement>;
  };

function lookClassName({ variant = 'primary', fullWidth }: LookProps, className?: string) {
  return cx(styles.button, styles[variant], fullWidth && styles.fullWidth, className);
}

export function Button({
  variant,
  fullWidth,
  busy = false,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      className={lookClassName({ variant, fullWidth }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner size="small" decorative />}
      {children}
    </button>
  );
}

export type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  LookProps & {
    to: string;
    options?: NavigateOptions;
  };

/** A link that looks like a button: navigation stays a real anchor. */
export function ButtonLink({ variant, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={lookClassName({ variant, fullWidth }, className)} />;
}
