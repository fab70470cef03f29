import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AuthUser } from '@hsa/contracts';
import { logoutUrl } from '@hsa/ui-kit';

function displayName(user: AuthUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

function initials(user: AuthUser): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (letters || user.email[0] || '?').toUpperCase();
}

function Avatar({ user }: { user: AuthUser }) {
  const [broken, setBroken] = useState(false);
  if (user.profileImageUrl && !broken) {
    return <img className="avatar" src={user.profileImageUrl} alt="" onError={() => setBroken(true)} />;
  }
  return (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initials(user)}
    </span>
  );
}

/** The account menu (menu button pattern): avatar and name, opening a menu with Sign Out. */
export function UserMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<HTMLElement[]>([]);
  const name = displayName(user);

  const focusItem = (index: number) => {
    const items = itemRefs.current.filter(Boolean);
    items[(index + items.length) % items.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = itemRefs.current.filter(Boolean);
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(items.length - 1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} />
        <span className="user-menu__name">{user.firstName || name}</span>
        <svg className="user-menu__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open ? (
        <div className="user-menu__popup">
          <div className="user-menu__identity">
            <span className="user-menu__full-name">{name}</span>
            <span className="user-menu__email">{user.email}</span>
          </div>
          <ul id={menuId} role="menu" aria-label="Account" className="user-menu__list" onKeyDown={onMenuKeyDown}>
            <li role="none">
              <a
                role="menuitem"
                href={logoutUrl}
                className="user-menu__item"
                ref={(element) => {
                  if (element) itemRefs.current[0] = element;
                }}
              >
                Sign Out
              </a>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
