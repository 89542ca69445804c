import { useCallback, useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useDismiss } from '../hooks/use-dismiss.ts';
import './dropdown.css';

/** Spec 9: a dropdown closes 200 ms after the pointer leaves, so a diagonal move to it does not close it. */
const closeDelayMs = 200;

/**
 * Only one dropdown is open at a time: opening one (by click, key or hover) closes the one before.
 * A press outside already closed it, but a hover or a keyboard open did not, and two menus overlapped.
 */
let closeOpenDropdown: (() => void) | null = null;

interface DropdownProps {
  label: ReactNode;
  /** The accessible name when the label is only an icon or a value. */
  ariaLabel?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  /** Open on hover for mouse users as well as on click (header navigation). */
  openOnHover?: boolean;
  showChevron?: boolean;
  children: (close: () => void) => ReactNode;
}

export function Dropdown({
  label,
  ariaLabel,
  buttonClassName = 'dropdown__button',
  align = 'start',
  openOnHover = false,
  showChevron = true,
  children,
}: DropdownProps) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A mouse user's click lands right after the hover opened the menu: that click must not close it.
  const [isOpenedByHover, setIsOpenedByHover] = useState(false);
  const menuId = useId();
  const close = useCallback(() => {
    setIsOpenedByHover(false);
    setIsOpen(false);
  }, []);
  useDismiss(rootRef, isOpen, close);
  useEffect(() => {
    if (!isOpen) return;
    if (closeOpenDropdown !== close) closeOpenDropdown?.();
    closeOpenDropdown = close;
    return () => {
      if (closeOpenDropdown === close) closeOpenDropdown = null;
    };
  }, [isOpen, close]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hoverHandlers = openOnHover
    ? {
        onPointerEnter: (event: PointerEvent) => {
          if (event.pointerType !== 'mouse') return;
          clearTimeout(closeTimer.current);
          if (!isOpen) setIsOpenedByHover(true);
          setIsOpen(true);
        },
        onPointerLeave: (event: PointerEvent) => {
          if (event.pointerType !== 'mouse') return;
          closeTimer.current = setTimeout(close, closeDelayMs);
        },
      }
    : {};

  return (
    <div className="dropdown" ref={rootRef} {...hoverHandlers}>
      <button
        type="button"
        className={buttonClassName}
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => {
          if (isOpenedByHover) {
            setIsOpenedByHover(false);
            return;
          }
          setIsOpen((open) => !open);
        }}
      >
        {label}
        {showChevron ? <ChevronDown className="dropdown__chevron" size={16} aria-hidden="true" /> : null}
      </button>
      {isOpen ? (
        <div id={menuId} className={`dropdown__menu dropdown__menu--${align}`}>
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
