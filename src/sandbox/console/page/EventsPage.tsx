// Payer events: what the merchant's server reported (sign-ups, sign-ins, failures, challenges),
// newest first, each with every field it carried.
import { Loading, Problem, useConsoleRead } from './ui.js';

export function EventsPage() {
  const events = useConsoleRead('GET /events', { follow: true });
  if (events.error) return <Problem error={events.error} />;
  if (!events.data) return <Loading what="payer events" />;
  const { events: list } = events.data;
  if (list.length === 0) {
    return (
      <p className="quiet">
        No payer events yet: your server sends them to <code>POST /api/events</code>.
      </p>
    );
  }
  return (
    <ol className="timeline" reversed>
      {list
        .map((event, index) => ({ event, number: index + 1 }))
        .reverse()
        .map(({ event, number }) => {
          const { eventType, customerId, ...fields } = event;
          return (
            <li key={number} className="card">
              <h2 className="h3">
                {eventType} <span className="quiet">from {customerId}</span>
              </h2>
              {Object.keys(fields).length > 0 && (
                <dl className="facts">
                  {Object.entries(fields).map(([name, value]) => (
                    <div key={name} className="fact">
                      <dt>{name}</dt>
                      <dd>{String(value)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          );
        })}
    </ol>
  );
}
