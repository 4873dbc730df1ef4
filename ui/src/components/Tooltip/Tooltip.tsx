import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Tooltip.module.css';

export interface TooltipProps {
  /** Already translated. */
  content: ReactNode;
  /** The control the tooltip explains; spread the props onto it so it is described by the tip. */
  children(describedBy: { 'aria-describedby': string }): ReactNode;
}

/** Room kept between the tip and the edge of the window. */
const EDGE_PX = 8;

/**
 * A tip shown while the control is hovered or focused, and always read as the control's
 * description. The listeners sit on a wrapper because disabled buttons receive no pointer events.
 * The tip is centred over its control, but never crosses the window's edge: a control at the
 * side of a phone's screen would otherwise have half of its explanation cut off.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const id = useId();
  const tip = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const element = tip.current;
    if (!open || !element) return;
    element.style.setProperty('--tooltip-shift', '0px');
    element.removeAttribute('data-below');
    const box = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift =
      box.left < EDGE_PX
        ? EDGE_PX - box.left
        : box.right > width - EDGE_PX
          ? width - EDGE_PX - box.right
          : 0;
    element.style.setProperty('--tooltip-shift', `${shift}px`);
    if (box.top < EDGE_PX) element.setAttribute('data-below', '');
  }, [open]);

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
      <span ref={tip} id={id} role="tooltip" className={styles.tip} hidden={!open}>
        {content}
      </span>
    </span>
  );
}
