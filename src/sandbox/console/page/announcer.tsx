// The console's one announcer: what an action did, said in a polite live region that is in the
// page from the start, so a screen reader hears every result, whichever component asked for it
// and whether or not that component is still there.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

interface Announcement {
  text: string;
  /** Counts what was said: the same text said again is a new node, which is heard again. */
  number: number;
}

interface Announcer {
  /** Says `text` politely, in place of what was said before. */
  announce: (text: string) => void;
  /** Takes what was said off the page, silently (another section opened). */
  clear: () => void;
}

const AnnouncerContext = createContext<Announcer | null>(null);
AnnouncerContext.displayName = 'AnnouncerContext';
const AnnouncementContext = createContext<Announcement | undefined>(undefined);
AnnouncementContext.displayName = 'AnnouncementContext';

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [announcement, setAnnouncement] = useState<Announcement>();
  const announcer = useMemo<Announcer>(
    () => ({
      announce: (text) => setAnnouncement((said) => ({ text, number: (said?.number ?? 0) + 1 })),
      clear: () => setAnnouncement(undefined),
    }),
    [],
  );
  return (
    <AnnouncerContext.Provider value={announcer}>
      <AnnouncementContext.Provider value={announcement}>{children}</AnnouncementContext.Provider>
    </AnnouncerContext.Provider>
  );
}

export function useAnnouncer(): Announcer {
  const announcer = useContext(AnnouncerContext);
  if (!announcer) {
    throw new Error(
      'Could not find the console announcer; wrap the part of the console that calls useAnnouncer() in <AnnouncerProvider>.',
    );
  }
  return announcer;
}

/** The live region: rendered once, where results show; empty (and taking no room) until then. */
export function Announcements() {
  const announcement = useContext(AnnouncementContext);
  return (
    <p className="notice" role="status">
      {announcement && <span key={announcement.number}>{announcement.text}</span>}
    </p>
  );
}
