import { useId, useState, type ReactNode } from 'react';
import styles from './Tooltip.module.css';

export interface TooltipProps {
  /** Already translated. */
  content: ReactNode;
  /** The control the tooltip explains; spread the props onto it so it is described by the tip. */
  children(describedBy: { 'aria-describedby': string }): ReactNode;
}

/**
 * A tip shown while the control is hovered or focused, and always read as the control's
 * description. The listeners sit on a wrapper because disabled buttons receive no pointer events.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span
      className={styles.anchor}
      onPointerEnter={() => setOpen(true)}
      // A control that turned into this one under a resting pointer gets no pointerenter.
      onPointerMove={() => setOpen(true)}
      onPointerLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      {children({ 'aria-describedby': id })}
      <span id={id} role="tooltip" className={styles.tip} hidden={!open}>
        {content}
      </span>
    </span>
  );
}
