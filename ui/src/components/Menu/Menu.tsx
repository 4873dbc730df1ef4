import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { cx } from '../class-names.ts';
import styles from './Menu.module.css';

export interface MenuProps {
  /** What the trigger button shows; its accessible name comes from it. */
  trigger: ReactNode;
  triggerClassName?: string;
  menuClassName?: string;
  /**
   * The items: elements with `role="menuitem"` or `"menuitemradio"` and `tabIndex={-1}`.
   * `close()` closes the menu and gives focus back to the trigger.
   */
  children(close: () => void): ReactNode;
}

const ITEMS = '[role="menuitem"], [role="menuitemradio"]';

/**
 * A menu button (WAI-ARIA APG "menu button" pattern): Enter, Space or the arrows open it, the
 * arrows, Home and End move between items, Escape closes it back onto the button, Tab and a
 * click outside close it. It stays a few hundred bytes because every page's header carries it
 * (docs/decisions/011-page-weight.md).
 */
export function Menu({ trigger, triggerClassName, menuClassName, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const focusOnOpen = useRef<'current' | 'first' | 'last'>('current');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = items();
    const checked = list.find((item) => item.getAttribute('aria-checked') === 'true');
    const target =
      focusOnOpen.current === 'last'
        ? list.at(-1)
        : focusOnOpen.current === 'first'
          ? list[0]
          : (checked ?? list[0]);
    target?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openFrom = (where: typeof focusOnOpen.current) => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onButtonKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openFrom(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return focusAt(index + 1);
      case 'ArrowUp':
        return focusAt(index - 1);
      case 'Home':
        return focusAt(0);
      case 'End':
        return focusAt(list.length - 1);
      case 'Escape':
        event.preventDefault();
        return close();
      case 'Tab':
        return setOpen(false);
      case ' ':
        // Buttons act on Space by themselves; a link item does not.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
    }
  };

  return (
    <div ref={root} className={styles.root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => (open ? setOpen(false) : openFrom('current'))}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={cx(styles.menu, menuClassName)}
          onKeyDown={onMenuKeyDown}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
