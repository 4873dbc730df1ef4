import { cx } from '../class-names.ts';
import styles from './BrandLogo.module.css';

export interface BrandLogoProps {
  /** Empty for a brand referred by its website, which has no logo yet. */
  src: string;
  name: string;
  size: number;
  className?: string;
  loading?: 'lazy' | 'eager';
}

/**
 * A brand's logo, or its initial on a tinted square when it has none. Decorative either way: the
 * brand's name always stands next to it.
 */
export function BrandLogo({ src, name, size, className, loading }: BrandLogoProps) {
  if (src) {
    return (
      <img className={className} src={src} alt="" width={size} height={size} loading={loading} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(styles.initial, className)}
      style={{ width: size, height: size, fontSize: size / 2 }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
