import { Link } from 'react-router';
import { LockIcon } from './icons';
import { useLockMessages } from './lockMessages';

export type QuickNavItem = 'analysis' | 'recommendations' | 'listing' | 'details';

export interface QuickNavProps {
  /** The item of the page being shown, if any. */
  current: QuickNavItem | null;
  /** Demo mode: Recommendations, Listing and Property Details are locked. */
  demo: boolean;
  /** Where each item leads. */
  links: Record<QuickNavItem, string>;
}

const items: { key: QuickNavItem; label: string; lockedInDemo: boolean }[] = [
  { key: 'analysis', label: 'Analysis', lockedInDemo: false },
  { key: 'recommendations', label: 'Recommendations', lockedInDemo: true },
  { key: 'listing', label: 'Listing', lockedInDemo: true },
  { key: 'details', label: 'Property Details', lockedInDemo: true },
];

/** Quick navigation between a property's pages (spec section 2); the last three are disabled in demo mode. */
export function QuickNav({ current, demo, links }: QuickNavProps) {
  const lockMessages = useLockMessages();
  return (
    <nav className="wz-quicknav" aria-label="Property sections">
      <ul>
        {items.map((item) => {
          const locked = demo && item.lockedInDemo;
          return (
            <li key={item.key}>
              {locked ? (
                <button
                  type="button"
                  className="wz-quicknav__item wz-quicknav__item--locked"
                  aria-disabled="true"
                  aria-describedby="wz-quicknav-locked"
                  onClick={(event) => event.preventDefault()}
                >
                  <LockIcon size={13} />
                  {item.label}
                </button>
              ) : (
                <Link
                  to={links[item.key]}
                  className={current === item.key ? 'wz-quicknav__item wz-quicknav__item--current' : 'wz-quicknav__item'}
                  aria-current={current === item.key ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {demo ? (
        <span id="wz-quicknav-locked" className="visually-hidden">
          {lockMessages.section}
        </span>
      ) : null}
    </nav>
  );
}
