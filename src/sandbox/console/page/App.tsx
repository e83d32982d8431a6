// The console's frame: which merchant, the sections as links (the address's hash says which is
// open, so the back button and a bookmark work), and the open section.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Announcements, useAnnouncer } from './announcer.js';
import { CustomersPage } from './CustomersPage.js';
import { EventsPage } from './EventsPage.js';
import { KeysPage } from './KeysPage.js';
import { PaymentsPage } from './PaymentsPage.js';
import { useConsoleRead } from './ui.js';
import { WebhooksPage } from './WebhooksPage.js';
import { WithdrawalsPage } from './WithdrawalsPage.js';

const SECTIONS: { id: string; title: string; Page: ComponentType }[] = [
  { id: 'keys', title: 'API keys', Page: KeysPage },
  { id: 'webhooks', title: 'Webhooks', Page: WebhooksPage },
  { id: 'payments', title: 'Payments', Page: PaymentsPage },
  { id: 'customers', title: 'Customers', Page: CustomersPage },
  { id: 'events', title: 'Payer events', Page: EventsPage },
  { id: 'withdrawals', title: 'Withdrawals', Page: WithdrawalsPage },
];

/** The section the address's hash names, if it names one (`#content` is the skip link's). */
function sectionInAddress() {
  const id = window.location.hash.slice(1);
  return SECTIONS.find((section) => section.id === id);
}

export function App() {
  const [section, setSection] = useState(() => sectionInAddress() ?? SECTIONS[0]!);
  const overview = useConsoleRead('GET /overview');
  const { clear } = useAnnouncer();
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    const follow = () => {
      const named = sectionInAddress();
      if (!named) return;
      setSection(named);
      // What an action in the last section did is no news in this one.
      clear();
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [clear]);

  useEffect(() => {
    document.title = `${section.title} · Sandbox console`;
    // After a switch (not on load), focus goes to the new section's heading, as after a page load.
    if (opened.current) heading.current?.focus();
    opened.current = true;
  }, [section]);

  const { Page } = section;
  return (
    <>
      <a className="skip" href="#content">
        Skip to the section
      </a>
      <header className="top">
        <p className="brand">
          Sandbox console <span className="badge">Test mode</span>
        </p>
        <p className="quiet">
          {overview.data ? `Merchant ${overview.data.merchantId}` : 'The sandbox, on this port'}
        </p>
      </header>
      <nav aria-label="Sections" className="sections">
        <ul>
          {SECTIONS.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`} aria-current={id === section.id ? 'page' : undefined}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="content" tabIndex={-1}>
        <h1 ref={heading} tabIndex={-1}>
          {section.title}
        </h1>
        <Announcements />
        <Page />
      </main>
    </>
  );
}
