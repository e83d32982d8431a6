import { EmptyState, usePageTitle } from '../components/ui.js';

export function NotFoundPage() {
  usePageTitle('Not found');
  return (
    <EmptyState title="This page wandered off" action={{ to: '/', label: 'Back to the store' }}>
      There is nothing at this address. The store has everything else.
    </EmptyState>
  );
}
